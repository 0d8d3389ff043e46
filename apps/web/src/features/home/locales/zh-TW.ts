import type zhCN from './zh-CN.ts';

export default {
  pageTitle: '首頁',
  welcome: '歡迎，{{name}}',
  intro: '您已成功登錄{{system}}。',
  account: '賬號',
  organize: '所屬組織',
  prevLogin: '上次登錄',
  prevLoginDetail: '上次登錄時間：{{time}}，IP：{{ip}}',
  logout: '退出登錄',
  confirmTitle: '提示',
  logoutConfirm: '您確定要退出應用程序嗎?',
  ok: '確定',
  cancel: '取消',
} satisfies typeof zhCN;
