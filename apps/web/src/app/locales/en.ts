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
  language: 'Language',
  languageNames: { 'zh-CN': '简体中文', 'zh-TW': '繁體中文', en: 'English' },
} satisfies typeof zhCN;
