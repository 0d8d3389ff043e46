export { shownPercent, shownStatus, type UploadItem, uploadFile } from './chunk-upload.ts';
export { FilePreview, type PreviewTarget } from './FilePreview.tsx';
export { formatSize, UploaderPanel, type UploaderPanelProps } from './UploaderPanel.tsx';
