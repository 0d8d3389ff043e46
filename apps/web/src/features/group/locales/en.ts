export default {
  addGroup: 'Add group',
  editGroup: 'Edit group',
  groupName: 'Group name',
  groupCode: 'Group code',
  groupType: 'Group type',
};
