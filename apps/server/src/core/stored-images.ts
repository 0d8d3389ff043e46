import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';

/** Names the server gives stored images: 128 random bits in hex and the kind read from the bytes. */
export const storedImageName = /^[0-9a-f]{32}\.(png|jpg|gif|bmp|webp)$/;

const contentTypes: Record<string, string> = {
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
