export default {
  addArea: 'New area',
  editArea: 'Edit area',
  addChild: 'Add below',
  fullName: 'Area name',
  enCode: 'Area code',
  parent: 'Parent area',
  topLevel: 'Top level',
  rules: {
    codeDigits: 'Digits only, at most 12',
    parent: 'Please select the parent area',
  },
};
