import type zhCN from './zh-CN.ts';

export default {
  pageTitle: '首頁',
  greeting: {
    night: '夜深了，{{name}}，注意休息',
    morning: '早安，{{name}}',
    noon: '午安，{{name}}',
    afternoon: '午安，{{name}}',
    evening: '晚安，{{name}}',
  },
  intro: '歡迎使用{{system}}',
  profile: '個人資訊',
  unreadMessages: '未讀訊息',
  noUnread: '暫無未讀訊息',
  todaySchedule: '今日日程',
  noSchedule: '今日暫無日程',
  allDay: '全天',
  urgent: '緊急',
  more: '更多',
  loadFailed: '載入失敗',
  shortcuts: '快捷入口',
  prevLogin: '上次登入',
  prevLoginDetail: '上次登入時間：{{time}}，IP：{{ip}}',
} satisfies typeof zhCN;
