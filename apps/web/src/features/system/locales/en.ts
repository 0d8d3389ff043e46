export default {
  addSystem: 'Add application',
  editSystem: 'Edit application',
  systemName: 'Application name',
  systemCode: 'Application code',
  icon: 'Icon',
  main: 'Main',
};
