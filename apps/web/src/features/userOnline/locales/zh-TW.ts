export default {
  userAccount: '用戶賬號',
  userName: '用戶名稱',
  organize: '所屬組織',
  loginTime: '登錄時間',
  lastSeenTime: '最近活動',
  loginIPAddress: '登錄IP',
  loginPlatForm: '登錄系統',
  device: '設備',
  offline: '強制下線',
  batchOffline: '批量下線',
  current: '當前會話',
};
