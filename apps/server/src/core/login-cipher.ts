import { createCipheriv, createDecipheriv } from 'node:crypto';

/**
 * The login payload of protocol.md: AES-128-ECB/PKCS7 over the MD5 digest, written as hex. The
 * key is shared with the browser, so this only keeps the digest off casual logs; the stored
 * password never depends on it.
 */
export function decryptLoginPayload(hex: string, key: string): string | null {
  if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length % 32 !== 0) return null;
  try {
    const decipher = createDecipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
    const clear = Buffer.concat([decipher.update(Buffer.from(hex, 'hex')), decipher.final()]).toString('utf8');
    return clear;
  } catch {
    return null;
  }
}

export function encryptLoginPayload(clear: string, key: string): string {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]).toString('hex');
}

/** A password as clients send it: the 32-hex MD5 digest itself, or the login cipher text of it. */
export function passwordDigestFrom(value: string, key: string): string | null {
  if (/^[0-9a-fA-F]{32}$/.test(value)) return value.toLowerCase();
  const clear = decryptLoginPayload(value, key);
  return clear && /^[0-9a-fA-F]{32}$/.test(clear) ? clear.toLowerCase() : null;
}
