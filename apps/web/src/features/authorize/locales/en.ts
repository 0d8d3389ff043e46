export default {
  objects: { Role: 'Roles', Position: 'Positions', User: 'Users', Group: 'Groups' },
  steps: {
    system: 'Applications',
    module: 'Menus',
    button: 'Buttons',
    column: 'Columns',
    form: 'Form fields',
    resource: 'Data scopes',
  },
  chooseObject: 'Choose whom to grant on the left first',
  granting: 'Granting: {{name}}',
  save: 'Save',
  checkAll: 'Select all',
  uncheckAll: 'Select none',
  expandAll: 'Expand',
  collapseAll: 'Collapse',
};
