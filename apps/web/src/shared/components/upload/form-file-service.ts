import type { UploadedFile as UploadAnswer } from '@platform/shared';
import { http } from '../../api/http.ts';
import type { FileService, UploadedFile } from '../../form-engine/index.ts';

/**
 * The form engine's uploadImg and uploadFile on the file service: `Uploader/annexpic` for images,
 * `Uploader/annex` for other files (the server reads the kind from the bytes and refuses a mismatch).
 */
export const formFileService: FileService = {
  async upload(file: File, kind: 'file' | 'image'): Promise<UploadedFile> {
    const answer = await http.postFile<UploadAnswer>(
      `/api/file/Uploader/${kind === 'image' ? 'annexpic' : 'annex'}`,
      file,
      file.name,
    );
    const dot = file.name.lastIndexOf('.');
    return {
      name: file.name,
      fileId: answer.name,
      url: answer.url,
      fileSize: file.size,
      ...(dot > 0 ? { fileExtension: file.name.slice(dot + 1).toLowerCase() } : {}),
      ...(answer.thumbUrl ? { thumbUrl: answer.thumbUrl } : {}),
    };
  },
};
