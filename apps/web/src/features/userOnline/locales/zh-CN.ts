export default {
  userAccount: '用户账号',
  userName: '用户名称',
  organize: '所属组织',
  loginTime: '登录时间',
  lastSeenTime: '最近活动',
  loginIPAddress: '登录IP',
  loginPlatForm: '登录系统',
  device: '设备',
  offline: '强制下线',
  batchOffline: '批量下线',
  current: '当前会话',
};
