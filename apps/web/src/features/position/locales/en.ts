export default {
  organize: 'Organizations',
  addPosition: 'Add position',
  editPosition: 'Edit position',
  positionName: 'Position name',
  positionCode: 'Position code',
  positionType: 'Position type',
  department: 'Organization',
};
