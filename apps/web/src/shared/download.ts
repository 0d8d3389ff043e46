import type { FileDownloadLink, PackDownloadLink } from '@platform/shared';
import { http } from './api/http.ts';

/**
 * Opens a generated file's address as a plain download (no Authorization header: the server's
 * generated names are the key, protocol-admin.md section 0). `name` is the file name to save as;
 * without it the server's Content-Disposition decides.
 */
export function openDownload(url: string, name = '') {
  if (!url) return;
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** A stored upload's address as the upload answered it (protocol-admin.md 5: `Download/{type}/{fileId}`). */
const storedFileAddress = /^\/api\/file\/Download\/[^/?#]+\/[^/?#]+$/;

/**
 * Downloads a stored file from the address its upload answered. That address answers JSON with a
 * short-lived link (the wire contract existing clients read), so following it in a tab would show
 * the JSON: the link is asked for first, then downloaded. Any other address (a public image, a
 * generated file's link) is downloaded as it is.
 */
export async function openStoredFile(url: string, name = '') {
  if (!storedFileAddress.test(url)) return openDownload(url, name);
  const link = await http.get<FileDownloadLink>(url);
  openDownload(link.url, name);
}

/**
 * Downloads several stored files as one zip (protocol-admin.md 5, `POST PackDownload/{type}`): the
 * server answers the zip's address and name, which is then downloaded.
 */
export async function openStoredFiles(files: { fileId: string; fileName: string }[]) {
  const pack = await http.post<PackDownloadLink>('/api/file/PackDownload/annex', files);
  openDownload(pack.downloadVo.url, pack.downloadName);
}

/** Saves a file made in the page (a PDF, a .docx) under `name`. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The download has taken the address once the click is handled; a second later it can go.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
