export default {
  pageTitle: '首页',
  greeting: {
    night: '夜深了，{{name}}，注意休息',
    morning: '早上好，{{name}}',
    noon: '中午好，{{name}}',
    afternoon: '下午好，{{name}}',
    evening: '晚上好，{{name}}',
  },
  intro: '欢迎使用{{system}}',
  profile: '个人信息',
  shortcuts: '快捷入口',
  prevLogin: '上次登录',
  prevLoginDetail: '上次登录时间：{{time}}，IP：{{ip}}',
};
