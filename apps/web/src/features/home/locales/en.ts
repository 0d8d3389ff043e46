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
  unreadMessages: 'Unread messages',
  noUnread: 'No unread messages',
  todaySchedule: "Today's schedule",
  noSchedule: 'Nothing scheduled today',
  allDay: 'All day',
  urgent: 'Urgent',
  more: 'More',
  loadFailed: 'Could not load',
  shortcuts: 'Shortcuts',
  prevLogin: 'Previous login',
  prevLoginDetail: 'Previous login: {{time}}, IP: {{ip}}',
} satisfies typeof zhCN;
