import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { BusinessError } from './errors.ts';

/** Names the server gives stored images: 128 random bits in hex and the kind read from the bytes. */
export const storedImageName = /^[0-9a-f]{32}\.(png|jpg|gif|bmp|webp)$/;

export const contentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
};

/**
 * Sends an image stored under a generated name, or null when there is none. The name is checked
 * by the route's schema against `storedImageName`, so no user string becomes a path.
 */
export async function sendStoredImage(reply: FastifyReply, dir: string, name: string) {
  const file = path.join(dir, name);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  return reply
    .header('content-type', contentTypes[path.extname(name).slice(1)] ?? 'application/octet-stream')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .header('cache-control', 'private, max-age=86400, immutable')
    .header('content-length', info.size)
    .send(createReadStream(file));
}

export const maxImageBytes = 5 * 1024 * 1024;

/** The image kinds accepted (chat images, avatars), told by their first bytes rather than by the name or type sent. */
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

/** Stores an uploaded image under a generated name (see `storedImageName`); answers the name. */
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
  return storeImageBytes(dir, data, kind);
}

/** Writes image bytes whose kind the caller has read from them (`imageKind`) under a generated name; answers the name. */
export async function storeImageBytes(dir: string, data: Buffer, kind: NonNullable<ReturnType<typeof imageKind>>) {
  const name = `${randomBytes(16).toString('hex')}.${kind}`;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), data, { flag: 'wx' });
  return name;
}

/** Removes a stored image; a name that is not one the server gives is never joined to a path. */
export async function removeStoredImage(dir: string, name: string) {
  if (!storedImageName.test(name)) return;
  await rm(path.join(dir, name), { force: true });
}
