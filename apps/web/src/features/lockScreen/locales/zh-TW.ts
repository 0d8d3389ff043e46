export default {
  pageTitle: '鎖屏',
  lockButton: '鎖屏',
  password: '請輸入密碼解鎖',
  unlock: '解鎖',
  unlockHint: '按 Enter 鍵解鎖',
  passwordRequired: '請輸入密碼',
  relogin: '重新登入',
  locked: '螢幕已鎖定',
  sessionEnded: '登入過期,請重新登入',
  unlockFailed: '解鎖失敗，請重試',
};
