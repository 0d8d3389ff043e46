export default {
  userAccount: 'Account',
  userName: 'Name',
  organize: 'Organisation',
  loginTime: 'Signed in',
  lastSeenTime: 'Last active',
  loginIPAddress: 'IP address',
  loginPlatForm: 'Platform',
  device: 'Device',
  offline: 'Force offline',
  batchOffline: 'Force selected offline',
  current: 'This session',
};
