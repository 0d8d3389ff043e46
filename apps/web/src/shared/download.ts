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
