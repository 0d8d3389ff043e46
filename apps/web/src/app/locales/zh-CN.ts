export default {
  appName: '低代码开发平台',
  requestError: '请求出错，请重试',
  sessionExpired: '登录过期,请重新登录',
  permissionDenied: '暂无权限',
  loading: '加载中...',
  notFoundTitle: '404',
  notFound: '抱歉，您访问的页面不存在',
  backHome: '返回首页',
  routeError: '页面加载出错',
  reload: '重新加载',
  language: '语言',
  languageNames: { 'zh-CN': '简体中文', 'zh-TW': '繁體中文', en: 'English' },
};
