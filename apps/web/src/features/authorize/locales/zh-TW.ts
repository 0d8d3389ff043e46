export default {
  objects: { Role: '角色', Position: '崗位', User: '用戶', Group: '分組' },
  steps: {
    system: '應用權限',
    module: '菜單權限',
    button: '按鈕權限',
    column: '列表權限',
    form: '表單權限',
    resource: '數據權限',
  },
  chooseObject: '請先在左側選擇要授權的對象',
  granting: '正在授權：{{name}}',
  save: '保存',
  checkAll: '全選',
  uncheckAll: '全不選',
  expandAll: '展開',
  collapseAll: '折疊',
};
