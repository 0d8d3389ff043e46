import type { Client } from './test-app.ts';

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

/** The merge call the uploader sends once every chunk of a PDF annex has landed (protocol-admin.md 5). */
export function mergePdf(client: Client, upload: { identifier: string; size: number }) {
  return client.call<{ name: string; fileSize: number }>({
    method: 'POST',
    url: '/api/file/merge',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      identifier: upload.identifier,
      fileName: 'big.pdf',
      fileSize: String(upload.size),
      type: 'annex',
      extension: 'pdf',
    }).toString(),
  });
}
