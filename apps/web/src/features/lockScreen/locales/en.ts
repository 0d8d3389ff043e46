export default {
  pageTitle: 'Locked',
  lockButton: 'Lock screen',
  password: 'Enter your password to unlock',
  unlock: 'Unlock',
  unlockHint: 'Press Enter to unlock',
  passwordRequired: 'Please enter your password',
  relogin: 'Sign in again',
  locked: 'Screen locked',
  sessionEnded: 'Your session has expired. Please sign in again',
  unlockFailed: 'Unlock failed, please try again',
};
