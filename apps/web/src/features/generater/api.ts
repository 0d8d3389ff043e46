import type { CodePreviewAnswer, DownloadCodeForm } from '@platform/shared';
import { http } from '../../shared/api/http.ts';

const base = '/api/visualdev/Generater';

/** Code generation (admin.md 7): a released form's area, previewed file by file or downloaded as a zip. */
export const generaterApi = {
  preview: (formId: string, settings: DownloadCodeForm) =>
    http.post<CodePreviewAnswer>(`${base}/${formId}/Actions/CodePreview`, settings),
  download: (formId: string, settings: DownloadCodeForm) =>
    http.post<{ name: string; url: string }>(`${base}/${formId}/Actions/DownloadCode`, settings),
};
