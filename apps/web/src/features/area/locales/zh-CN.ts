export default {
  addArea: '新建区域',
  editArea: '编辑区域',
  addChild: '新建下级',
  fullName: '区域名称',
  enCode: '区域编码',
  parent: '上级区域',
  topLevel: '顶级区域',
  rules: {
    codeDigits: '区域编码只能输入数字，最多12位',
    parent: '请选择上级区域',
  },
};
