export default {
  addSystem: '新建应用',
  editSystem: '编辑应用',
  systemName: '应用名称',
  systemCode: '应用编码',
  icon: '图标',
  main: '主系统',
  icons: {
    title: '系统图标',
    hint: '点击图标复制它的类名，填入菜单的图标。',
    search: '搜索图标',
    copied: '已复制：{{name}}',
    empty: '没有匹配的图标',
  },
};
