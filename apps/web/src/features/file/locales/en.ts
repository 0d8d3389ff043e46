export default {
  title: 'File upload',
  uploaded: 'Uploaded files',
  name: 'File name',
  size: 'Size',
  actions: 'Actions',
  downloadAll: 'Download all',
  noFiles: 'No files found',
};
