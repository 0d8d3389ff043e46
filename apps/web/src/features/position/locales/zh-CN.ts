export default {
  organize: '组织机构',
  addPosition: '新建岗位',
  editPosition: '编辑岗位',
  positionName: '岗位名称',
  positionCode: '岗位编码',
  positionType: '岗位类型',
  department: '所属组织',
};
