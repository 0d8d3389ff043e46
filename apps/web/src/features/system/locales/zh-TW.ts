export default {
  addSystem: '新建應用',
  editSystem: '編輯應用',
  systemName: '應用名稱',
  systemCode: '應用編碼',
  icon: '圖標',
  main: '主系統',
  icons: {
    title: '系統圖示',
    hint: '點擊圖示複製它的類名，填入選單的圖示。',
    search: '搜尋圖示',
    copied: '已複製：{{name}}',
    empty: '沒有符合的圖示',
  },
};
