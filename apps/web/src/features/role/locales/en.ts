export default {
  roleTree: 'Role categories',
  global: 'Global',
  addRole: 'Add role',
  editRole: 'Edit role',
  roleName: 'Role name',
  roleCode: 'Role code',
  roleType: 'Role type',
  globalMark: 'Global role',
  organizeRole: 'Organisation role',
  organizes: 'Organisations',
};
