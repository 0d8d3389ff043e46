// The attachments a message or a schedule carries, read from their stored `files` text. Shared because
// both the message feature and the schedule feature show them (a schedule message opens the schedule).

export interface Attachment {
  name: string;
  url: string;
  fileSize?: number;
}

/** `files` is a JSON list of attachments ({name|fullName, url|fileId}); anything else is no files. */
export function parseFiles(files: string | null | undefined): Attachment[] {
  if (!files) return [];
  try {
    const list = JSON.parse(files) as unknown;
    if (!Array.isArray(list)) return [];
    return list.flatMap((item) => {
      if (typeof item !== 'object' || item === null) return [];
      const f = item as Record<string, unknown>;
      const name = String(f.name ?? f.fullName ?? f.fileName ?? '');
      const url = String(f.url ?? f.fileUrl ?? f.path ?? '');
      if (!name || !url || !/^(\/|https?:)/.test(url)) return [];
      return [{ name, url, fileSize: typeof f.fileSize === 'number' ? f.fileSize : undefined }];
    });
  } catch {
    return [];
  }
}
