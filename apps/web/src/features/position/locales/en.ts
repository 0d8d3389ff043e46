export default {
  organize: 'Organisations',
  addPosition: 'Add position',
  editPosition: 'Edit position',
  positionName: 'Position name',
  positionCode: 'Position code',
  positionType: 'Position type',
  department: 'Organisation',
};
