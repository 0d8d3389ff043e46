export default {
  pageTitle: '首页',
  welcome: '欢迎，{{name}}',
  intro: '您已成功登录{{system}}。',
  account: '账号',
  organize: '所属组织',
  prevLogin: '上次登录',
  prevLoginDetail: '上次登录时间：{{time}}，IP：{{ip}}',
  logout: '退出登录',
  confirmTitle: '提示',
  logoutConfirm: '您确定要退出应用程序吗?',
  ok: '确定',
  cancel: '取消',
};
