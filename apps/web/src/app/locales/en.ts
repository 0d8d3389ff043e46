import type zhCN from './zh-CN.ts';

export default {
  appName: 'Low-code Platform',
  requestError: 'Request failed, please try again',
  sessionExpired: 'Login expired, please sign in again',
  permissionDenied: 'Permission Denied',
  loading: 'Loading...',
  notFoundTitle: '404',
  notFound: 'Sorry, the page you visited does not exist',
  backHome: 'Back to home',
  routeError: 'The page failed to load',
  reload: 'Reload',
  newVersionReloading: 'A new version is out: reloading the page…',
  language: 'Language',
  languageNames: { 'zh-CN': '简体中文', 'zh-TW': '繁體中文', en: 'English' },
  /** Approval record handle statuses (protocol-workflow.md, codes 0-13): the workflow pages and printed approval records. */
  handleStatus: {
    '0': 'Rejected',
    '1': 'Approved',
    '2': 'Launched',
    '3': 'Withdrawn',
    '4': 'Terminated',
    '5': 'Assigned',
    '6': 'Signer added after',
    '7': 'Transferred',
    '8': 'Changed',
    '9': 'Revived',
    '10': 'Signer added before',
    '11': 'Suspended',
    '12': 'Resumed',
    '13': 'Redirected',
  },
} satisfies typeof zhCN;
