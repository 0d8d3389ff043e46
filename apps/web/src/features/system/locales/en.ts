export default {
  addSystem: 'Add application',
  editSystem: 'Edit application',
  systemName: 'Application name',
  systemCode: 'Application code',
  icon: 'Icon',
  main: 'Main',
  icons: {
    title: 'System icons',
    hint: 'Click an icon to copy its class name for a menu’s icon.',
    search: 'Search icons',
    copied: 'Copied: {{name}}',
    empty: 'No icon matches',
  },
};
