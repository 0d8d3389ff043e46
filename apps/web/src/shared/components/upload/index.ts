export { shownPercent, shownStatus, type UploadItem, uploadFile } from './chunk-upload.ts';
export { FilePreview, type PreviewTarget } from './FilePreview.tsx';
export { UploaderPanel, type UploaderPanelProps } from './UploaderPanel.tsx';
