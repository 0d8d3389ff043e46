export default {
  steps: {
    system: '應用權限',
    module: '菜單權限',
    button: '按鈕權限',
    column: '列表權限',
    form: '表單權限',
    resource: '數據權限',
    portal: '門戶權限',
  },
  checkAll: '全選',
  uncheckAll: '全不選',
  expandAll: '展開',
  collapseAll: '折疊',
};
