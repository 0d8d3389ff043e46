export default {
  roleTree: '角色分類',
  global: '全局',
  addRole: '新建角色',
  editRole: '編輯角色',
  roleName: '角色名稱',
  roleCode: '角色編碼',
  roleType: '角色類型',
  globalMark: '全局角色',
  organizeRole: '組織角色',
  organizes: '所屬組織',
};
