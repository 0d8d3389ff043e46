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
  newVersionReloading: '系統已更新，正在重新載入頁面…',
  language: '語言',
  languageNames: { 'zh-CN': '简体中文', 'zh-TW': '繁體中文', en: 'English' },
  /** Approval record handle statuses (protocol-workflow.md, codes 0-13): the workflow pages and printed approval records. */
  handleStatus: {
    '0': '退回',
    '1': '同意',
    '2': '發起',
    '3': '撤回',
    '4': '終止',
    '5': '指派',
    '6': '後加簽',
    '7': '轉辦',
    '8': '變更',
    '9': '復活',
    '10': '前加簽',
    '11': '掛起',
    '12': '恢復',
    '13': '轉向',
  },
} satisfies typeof zhCN;
