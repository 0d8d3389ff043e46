import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FileStorage } from './file-storage.ts';

/** Names the server gives stored images: 128 random bits in hex and the kind read from the bytes. */
export const storedImageName = /^[0-9a-f]{32}\.(png|jpg|gif|bmp|webp)$/;

export const contentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
};

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

/**
 * Images kept under names the server gives (`storedImageName`) in one folder of the file storage,
 * so that every instance serves what any of them stored. The name is checked before it becomes a
 * key: no user string reaches the storage.
 */
export class StoredImages {
  constructor(
    private readonly storage: FileStorage,
    private readonly folder: string,
  ) {}

  /** Keeps image bytes whose kind the caller has read from them (`imageKind`); answers the generated name. */
  async save(data: Buffer, kind: NonNullable<ReturnType<typeof imageKind>>): Promise<string> {
    const name = `${randomBytes(16).toString('hex')}.${kind}`;
    await this.storage.write(`${this.folder}/${name}`, data);
    return name;
  }

  async remove(name: string) {
    if (storedImageName.test(name)) await this.storage.remove(`${this.folder}/${name}`);
  }

  /** Sends the stored image, or answers null when there is none. */
  async send(reply: FastifyReply, name: string) {
    if (!storedImageName.test(name)) return null;
    const found = await this.storage.read(`${this.folder}/${name}`);
    if (!found) return null;
    return reply
      .header('content-type', contentTypes[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, max-age=86400, immutable')
      .header('content-length', found.size)
      .send(found.stream);
  }
}
