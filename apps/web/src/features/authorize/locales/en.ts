export default {
  steps: {
    system: 'Applications',
    module: 'Menus',
    button: 'Buttons',
    column: 'Columns',
    form: 'Form fields',
    resource: 'Data scopes',
    portal: 'Portals',
  },
  checkAll: 'Select all',
  uncheckAll: 'Select none',
  expandAll: 'Expand',
  collapseAll: 'Collapse',
};
