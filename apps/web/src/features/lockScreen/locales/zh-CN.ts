export default {
  pageTitle: '锁屏',
  lockButton: '锁屏',
  password: '请输入密码解锁',
  unlock: '解锁',
  unlockHint: '按回车键解锁',
  passwordRequired: '请输入密码',
  relogin: '重新登录',
  locked: '屏幕已锁定',
  sessionEnded: '登录过期,请重新登录',
  unlockFailed: '解锁失败，请重试',
};
