export default {
  roleTree: '角色分类',
  global: '全局',
  addRole: '新建角色',
  editRole: '编辑角色',
  roleName: '角色名称',
  roleCode: '角色编码',
  roleType: '角色类型',
  globalMark: '全局角色',
  organizeRole: '组织角色',
  organizes: '所属组织',
};
