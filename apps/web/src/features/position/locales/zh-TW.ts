export default {
  organize: '組織機構',
  addPosition: '新建崗位',
  editPosition: '編輯崗位',
  positionName: '崗位名稱',
  positionCode: '崗位編碼',
  positionType: '崗位類型',
  department: '所屬組織',
};
