/** shell.md §5/§9: one image, at most 5 MB (5242880 bytes). */
export const maxImageBytes = 5 * 1024 * 1024;
/** shell.md §9: contacts 20 a page; history 50; opening a chat 30. */
export const contactPageSize = 20;
export const historyPageSize = 50;
export const openingPageSize = 30;
/** shell.md §9: scroll loading within 300 px (contacts) and 100 px (history). */
export const contactScrollThreshold = 300;
export const historyScrollThreshold = 100;

/** shell.md §5: empty text is not sent (spaces and line breaks alone count as empty). */
export function sendableText(text: string): string | null {
  return text.trim() ? text : null;
}

export type ImageCheck = 'ok' | 'notImage' | 'tooLarge';

/** Images only (by type, then by extension when the browser gives none), at most 5 MB. */
export function checkImage(file: { type: string; name: string; size: number }): ImageCheck {
  const isImage = file.type ? file.type.startsWith('image/') : /\.(png|jpe?g|gif|bmp|webp)$/i.test(file.name);
  if (!isImage) return 'notImage';
  if (file.size > maxImageBytes) return 'tooLarge';
  return 'ok';
}

/** Inserts text at the caret (or replaces the selection); returns the new value and caret. */
export function insertAt(value: string, start: number, end: number, text: string): { value: string; caret: number } {
  const from = Math.max(0, Math.min(start, value.length));
  const to = Math.max(from, Math.min(end, value.length));
  return { value: value.slice(0, from) + text + value.slice(to), caret: from + text.length };
}

export interface ImageContent {
  name: string;
  width: number | null;
  height: number | null;
  path: string;
}

/** Image content is JSON {name, width, height, path}; anything unreadable is no image. */
export function parseImage(content: unknown): ImageContent | null {
  let value = content;
  if (typeof content === 'string') {
    try {
      value = JSON.parse(content);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const path = typeof v.path === 'string' ? v.path : '';
  // Only our own image address: never a foreign or script URL from a message.
  if (!path.startsWith('/api/file/Image/IM/')) return null;
  return {
    name: String(v.name ?? ''),
    width: typeof v.width === 'number' ? v.width : null,
    height: typeof v.height === 'number' ? v.height : null,
    path,
  };
}

/** Display size of an image message: at most 200 × 200, keeping the aspect. */
export function thumbSize(width: number | null, height: number | null, max = 200): { width: number; height: number } {
  if (!width || !height) return { width: max, height: max };
  const scale = Math.min(1, max / width, max / height);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}
