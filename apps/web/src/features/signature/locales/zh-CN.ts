export default {
  add: '新建',
  edit: '编辑',
  fullName: '签名名称',
  enCode: '签名编码',
  icon: '签名图片',
  users: '授权用户',
  userFilter: '授权用户',
  draw: '手写签名',
  upload: '上传图片',
  drawTitle: '请签名',
  noImage: '暂无图片',
  rules: {
    icon: '请手写或上传签名图片',
    imageKind: '只能上传PNG或JPG图片',
    imageSize: '图片大小不能超过1MB',
  },
};
