import type { FileDownloadLink, PackDownloadLink } from '@platform/shared';
import { http } from '../../shared/api/http.ts';

/** protocol-admin.md 5: download addresses (they work without a token until they expire). */
export const fileApi = {
  downloadLink: (type: string, fileId: string) => http.get<FileDownloadLink>(`/api/file/Download/${type}/${fileId}`),
  packLink: (type: string, files: { fileId: string; fileName: string }[]) =>
    http.post<PackDownloadLink>(`/api/file/PackDownload/${type}`, files),
};
