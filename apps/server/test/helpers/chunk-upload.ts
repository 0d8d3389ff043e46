/** The fields of one chunk of a PDF as the uploader sends them (protocol-admin.md 5). */
export function pdfChunkFields(upload: { identifier: string; size: number; chunkSize: number }, chunkNumber: number) {
  return {
    chunkNumber: String(chunkNumber),
    chunkSize: String(upload.chunkSize),
    currentChunkSize: '0',
    totalSize: String(upload.size),
    identifier: upload.identifier,
    filename: 'big.pdf',
    relativePath: 'big.pdf',
    totalChunks: String(Math.max(1, Math.floor(upload.size / upload.chunkSize))),
    fileType: 'application/pdf',
    extension: 'pdf',
  };
}
