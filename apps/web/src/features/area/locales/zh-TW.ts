export default {
  addArea: '新建區域',
  editArea: '編輯區域',
  addChild: '新建下級',
  fullName: '區域名稱',
  enCode: '區域編碼',
  parent: '上級區域',
  topLevel: '頂級區域',
  rules: {
    codeDigits: '區域編碼只能輸入數字，最多12位',
    parent: '請選擇上級區域',
  },
};
