export default {
  title: '檔案上傳',
  uploaded: '已上傳檔案',
  name: '檔案名稱',
  size: '大小',
  actions: '操作',
  downloadAll: '全部下載',
  noFiles: '未找到檔案',
};
