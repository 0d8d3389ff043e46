export default {
  add: 'New',
  edit: 'Edit',
  fullName: 'Signature name',
  enCode: 'Signature code',
  icon: 'Signature image',
  users: 'Granted users',
  userFilter: 'Granted user',
  draw: 'Draw',
  upload: 'Upload image',
  drawTitle: 'Please sign',
  noImage: 'No image',
  rules: {
    icon: 'Draw or upload the signature image',
    imageKind: 'Only PNG or JPEG images',
    imageSize: 'The image must not exceed 1 MB',
  },
};
