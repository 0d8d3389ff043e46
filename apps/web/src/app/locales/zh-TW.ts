import type zhCN from './zh-CN.ts';

export default {
  appName: '低代碼開發平台',
  requestError: '請求出錯，請重試',
  sessionExpired: '登錄過期,請重新登錄',
  permissionDenied: '暫無權限',
  loading: '加載中...',
  notFoundTitle: '404',
  notFound: '抱歉，您訪問的頁面不存在',
  backHome: '返回首頁',
  routeError: '頁面加載出錯',
  reload: '重新加載',
  language: '語言',
  languageNames: { 'zh-CN': '简体中文', 'zh-TW': '繁體中文', en: 'English' },
} satisfies typeof zhCN;
