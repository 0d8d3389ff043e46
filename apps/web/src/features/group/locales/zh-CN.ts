export default {
  addGroup: '新建分组',
  editGroup: '编辑分组',
  groupName: '分组名称',
  groupCode: '分组编码',
  groupType: '分组类型',
};
