export default {
  steps: {
    system: '应用权限',
    module: '菜单权限',
    button: '按钮权限',
    column: '列表权限',
    form: '表单权限',
    resource: '数据权限',
    portal: '门户权限',
  },
  checkAll: '全选',
  uncheckAll: '全不选',
  expandAll: '展开',
  collapseAll: '折叠',
};
