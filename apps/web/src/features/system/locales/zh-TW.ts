export default {
  addSystem: '新建應用',
  editSystem: '編輯應用',
  systemName: '應用名稱',
  systemCode: '應用編碼',
  icon: '圖標',
  main: '主系統',
};
