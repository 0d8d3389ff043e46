export default {
  objects: { Role: '角色', Position: '岗位', User: '用户', Group: '分组' },
  steps: {
    system: '应用权限',
    module: '菜单权限',
    button: '按钮权限',
    column: '列表权限',
    form: '表单权限',
    resource: '数据权限',
  },
  chooseObject: '请先在左侧选择要授权的对象',
  granting: '正在授权：{{name}}',
  save: '保存',
  checkAll: '全选',
  uncheckAll: '全不选',
  expandAll: '展开',
  collapseAll: '折叠',
};
