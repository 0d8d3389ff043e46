export default {
  title: '文件上传',
  uploaded: '已上传文件',
  name: '文件名',
  size: '大小',
  actions: '操作',
  downloadAll: '全部下载',
  noFiles: '未找到文件',
};
