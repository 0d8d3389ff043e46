import type { ComponentType } from 'react';

/**
 * Pieces the engine does not own, plugged in by the app: the rich-text editor and the sanitising
 * HTML view (features/notice and features/message own them, and web shared/ may not import
 * features), and the file service (uploadImg / uploadFile) that the file issue builds. Without a
 * file service the upload widgets list the stored files and run the before-checks, and say that
 * uploading arrives with the file service.
 */
export interface UploadedFile {
  name: string;
  fileId: string;
  url: string;
  fileSize?: number;
  fileExtension?: string;
  thumbUrl?: string;
}

export interface FileService {
  upload(file: File, kind: 'file' | 'image', field: Record<string, unknown>): Promise<UploadedFile>;
}

export interface RichTextSlot {
  Editor: ComponentType<{ value?: string; onChange?: (html: string) => void; id?: string }>;
  Html: ComponentType<{ html: string | null | undefined; className?: string }>;
}

export const slots: { richText?: RichTextSlot; files?: FileService } = {};

export function setRichText(slot: RichTextSlot): void {
  slots.richText = slot;
}

export function setFileService(service: FileService | undefined): void {
  slots.files = service;
}
