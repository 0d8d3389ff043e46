import type zhCN from './zh-CN.ts';

export default {
  pageTitle: 'Home',
  welcome: 'Welcome, {{name}}',
  intro: 'You are signed in to {{system}}.',
  account: 'Account',
  organize: 'Organisation',
  prevLogin: 'Last sign-in',
  prevLoginDetail: 'Last sign-in: {{time}}, IP: {{ip}}',
  logout: 'Sign out',
  confirmTitle: 'Confirm',
  logoutConfirm: 'Are you sure you want to exit the application?',
  ok: 'OK',
  cancel: 'Cancel',
} satisfies typeof zhCN;
