import type zhCN from './zh-CN.ts';

export default {
  pageTitle: 'Home',
  greeting: {
    night: "It's late, {{name}}. Take a rest",
    morning: 'Good morning, {{name}}',
    noon: 'Good day, {{name}}',
    afternoon: 'Good afternoon, {{name}}',
    evening: 'Good evening, {{name}}',
  },
  intro: 'Welcome to {{system}}',
  profile: 'Profile',
  shortcuts: 'Shortcuts',
  prevLogin: 'Previous login',
  prevLoginDetail: 'Previous login: {{time}}, IP: {{ip}}',
} satisfies typeof zhCN;
