import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BusinessError } from '../../core/errors.ts';

export const maxImageBytes = 5 * 1024 * 1024;

/** The image kinds a chat accepts, told by their first bytes rather than by the name or type sent. */
export function imageKind(head: Buffer): 'png' | 'jpg' | 'gif' | 'bmp' | 'webp' | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1'))) return 'gif';
  if (head.length >= 2 && head[0] === 0x42 && head[1] === 0x4d) return 'bmp';
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

export const contentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
};

/** Stores an uploaded chat image under a generated name; answers the name. */
export async function storeImage(dir: string, file: AsyncIterable<Buffer> | NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxImageBytes) throw new BusinessError('im.imageTooLarge');
    chunks.push(chunk);
  }
  const data = Buffer.concat(chunks);
  const kind = imageKind(data.subarray(0, 16));
  if (!kind) throw new BusinessError('im.imageOnly');
  const name = `${randomBytes(16).toString('hex')}.${kind}`;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), data, { flag: 'wx' });
  return name;
}
