/**
 * The standard menus every installation starts with: directories (type 1) of the pages the product
 * builds, addressed by the urlAddress values of protocol.md. The server seeds them; the browser
 * translates their names by enCode (locale namespace `shell`, `menuNames`), and a test keeps the
 * two in step. Names are the zh-CN ones of the spec.
 */
export interface StandardMenu {
  enCode: string;
  fullName: string;
  icon: string;
  /** Page menus (type 2) carry the urlAddress the standard pages are addressed by (protocol.md). */
  children: [enCode: string, fullName: string, urlAddress: string, icon: string][];
}

export const standardMenus: readonly StandardMenu[] = [
  {
    enCode: 'permission',
    fullName: '组织管理',
    icon: 'icon-ym icon-ym-organization',
    children: [
      ['permission.organize', '组织机构', 'permission/organize', 'icon-ym icon-ym-company'],
      ['permission.position', '岗位管理', 'permission/position', 'icon-ym icon-ym-position'],
      ['permission.user', '用户管理', 'permission/user', 'icon-ym icon-ym-user'],
      ['permission.role', '角色管理', 'permission/role', 'icon-ym icon-ym-role'],
      ['permission.group', '分组管理', 'permission/group', 'icon-ym icon-ym-group'],
      ['permission.authorize', '权限授权', 'permission/authorize', 'icon-ym icon-ym-authorize'],
      ['permission.userOnline', '在线用户', 'permission/userOnline', 'icon-ym icon-ym-online'],
    ],
  },
  {
    enCode: 'system',
    fullName: '系统管理',
    icon: 'icon-ym icon-ym-system',
    children: [
      ['system.menu', '系统菜单', 'system/menu', 'icon-ym icon-ym-menu'],
      ['system.sysConfig', '系统配置', 'system/sysConfig', 'icon-ym icon-ym-setting'],
      ['system.area', '行政区划', 'system/area', 'icon-ym icon-ym-area'],
      ['system.billRule', '单据规则', 'system/billRule', 'icon-ym icon-ym-billRule'],
      ['system.signature', '签名管理', 'system/signature', 'icon-ym icon-ym-signature'],
      ['system.notice', '系统公告', 'system/notice', 'icon-ym icon-ym-notice'],
      ['system.printDev', '打印模板', 'system/printDev', 'icon-ym icon-ym-print'],
      ['system.log', '系统日志', 'system/log', 'icon-ym icon-ym-log'],
      ['system.icons', '系统图标', 'system/icons', 'icon-ym icon-ym-icon'],
    ],
  },
  {
    enCode: 'systemData',
    fullName: '数据应用',
    icon: 'icon-ym icon-ym-data',
    children: [
      ['systemData.dictionary', '数据字典', 'systemData/dictionary', 'icon-ym icon-ym-dictionary'],
      ['systemData.dataInterface', '数据接口', 'systemData/dataInterface', 'icon-ym icon-ym-interface'],
      ['onlineDev.webDesign', '功能设计', 'onlineDev/webDesign', 'icon-ym icon-ym-webDesign'],
      ['onlineDev.portal', '门户设计', 'onlineDev/visualPortal', 'icon-ym icon-ym-portal'],
      ['onlineDev.dataReport', '报表设计', 'onlineDev/dataReport', 'icon-ym icon-ym-report'],
    ],
  },
  {
    enCode: 'msgCenter',
    fullName: '消息中心',
    icon: 'icon-ym icon-ym-message',
    children: [
      ['msgCenter.msgTemplate', '消息模板', 'msgCenter/msgTemplate', 'icon-ym icon-ym-template'],
      ['msgCenter.sendConfig', '发送配置', 'msgCenter/sendConfig', 'icon-ym icon-ym-send'],
      ['msgCenter.messageRecord', '消息记录', 'basic/messageRecord', 'icon-ym icon-ym-record'],
    ],
  },
  {
    enCode: 'workFlow',
    fullName: '流程中心',
    icon: 'icon-ym icon-ym-workFlow',
    children: [
      ['workFlow.formDesign', '表单设计', 'workFlow/formDesign', 'icon-ym icon-ym-formDesign'],
      ['workFlow.flowEngine', '流程设计', 'workFlow/flowEngine', 'icon-ym icon-ym-flowDesign'],
      ['workFlow.addFlow', '发起流程', 'workFlow/flowQuickLaunch', 'icon-ym icon-ym-flowLaunch'],
      ['workFlow.flowLaunch', '我发起的', 'workFlow/flowLaunch', 'icon-ym icon-ym-flowLaunch'],
      ['workFlow.flowTodo', '待办事宜', 'workFlow/flowTodo', 'icon-ym icon-ym-flowTodo'],
      ['workFlow.flowDone', '已办事宜', 'workFlow/flowDone', 'icon-ym icon-ym-flowDone'],
      ['workFlow.flowCirculate', '抄送事宜', 'workFlow/flowCirculate', 'icon-ym icon-ym-flowCirculate'],
      ['workFlow.entrust', '流程委托', 'workFlow/entrust', 'icon-ym icon-ym-flowEntrust'],
      ['workFlow.flowMonitor', '流程监控', 'workFlow/flowMonitor', 'icon-ym icon-ym-flowMonitor'],
    ],
  },
  {
    enCode: 'extend',
    fullName: '个人办公',
    icon: 'icon-ym icon-ym-extend',
    children: [['extend.schedule', '日程安排', 'extend/schedule', 'icon-ym icon-ym-schedule']],
  },
];

/** The applications page, seeded after the others (it lists the systems the menus belong to). */
export const applicationsMenu = {
  enCode: 'system.system',
  fullName: '应用管理',
  urlAddress: 'system/system',
  icon: 'icon-ym icon-ym-systemToggle',
} as const;
