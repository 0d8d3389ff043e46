export default {
  addSystem: '新建应用',
  editSystem: '编辑应用',
  systemName: '应用名称',
  systemCode: '应用编码',
  icon: '图标',
  main: '主系统',
};
