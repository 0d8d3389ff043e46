import type { UploadedFile } from '@platform/shared';
import { http } from '../../api/http.ts';

/** An image put into rich text goes to the file service (`Uploader/annexpic`); its address comes back. */
export async function uploadEditorImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await http.postMultipart<UploadedFile>('/api/file/Uploader/annexpic', form, { silent: true });
  return answer.url;
}
