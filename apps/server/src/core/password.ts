import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * Clients never send a clear password: they send the lowercase hex MD5 of it. We store argon2id
 * over that digest, so the digest alone is what a login proves, and nothing stored is reversible.
 * Parameters follow OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane).
 */
const argonOptions = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

export function hashPasswordDigest(md5Digest: string): Promise<string> {
  return hash(md5Digest.toLowerCase(), argonOptions);
}

export async function verifyPasswordDigest(stored: string, md5Digest: string): Promise<boolean> {
  try {
    return await verify(stored, md5Digest.toLowerCase());
  } catch {
    return false;
  }
}
