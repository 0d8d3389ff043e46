import type { UploadedFile } from '@platform/shared';
import { http } from '../../api/http.ts';

/** An image put into rich text goes to the file service (`Uploader/annexpic`); its address comes back. */
export async function uploadEditorImage(file: File): Promise<string> {
  const answer = await http.postFile<UploadedFile>('/api/file/Uploader/annexpic', file, file.name, { silent: true });
  return answer.url;
}
