export default {
  addGroup: '新建分組',
  editGroup: '編輯分組',
  groupName: '分組名稱',
  groupCode: '分組編碼',
  groupType: '分組類型',
};
