export default {
  add: '新建',
  edit: '編輯',
  fullName: '簽名名稱',
  enCode: '簽名編碼',
  icon: '簽名圖片',
  users: '授權用戶',
  userFilter: '授權用戶',
  draw: '手寫簽名',
  upload: '上傳圖片',
  drawTitle: '請簽名',
  noImage: '暫無圖片',
  rules: {
    icon: '請手寫或上傳簽名圖片',
    imageKind: '只能上傳PNG或JPG圖片',
    imageSize: '圖片大小不能超過1MB',
  },
};
