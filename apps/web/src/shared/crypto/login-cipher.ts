import { md5 } from 'hash-wasm';

/**
 * The login payload's `password` (protocol.md "Login"): AES-128-ECB with PKCS#7 padding over the
 * lowercase hex MD5 of the clear password, written as lowercase hex. The key is the 16-character
 * `cipherKey` of `GET /api/oauth/getLoginConfig`.
 *
 * WebCrypto has no ECB mode. ECB encrypts every block alone, which is exactly what CBC does to a
 * single block with an all-zero IV; so each padded block is encrypted on its own with AES-CBC and
 * the first 16 bytes of the result (the rest is the padding block WebCrypto adds) are kept.
 *
 * Browsers expose `crypto.subtle` only in secure contexts: a console opened as
 * `http://192.168.x.x` has none. There the pure-JavaScript AES of `@noble/ciphers` does the same
 * work; it is loaded only on such origins, so HTTPS and localhost never download it.
 */

const blockSize = 16;

export function hashPassword(clear: string): Promise<string> {
  return md5(clear);
}

function pkcs7(data: Uint8Array): Uint8Array<ArrayBuffer> {
  const padding = blockSize - (data.length % blockSize);
  const padded = new Uint8Array(data.length + padding);
  padded.set(data);
  padded.fill(padding, data.length);
  return padded;
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

function keyBytesOf(key: string): Uint8Array<ArrayBuffer> {
  const bytes = new TextEncoder().encode(key);
  if (bytes.length !== blockSize) throw new Error('The login cipher key must be 16 bytes');
  return bytes;
}

async function encryptWithWebCrypto(subtle: SubtleCrypto, plain: string, key: string): Promise<string> {
  const cryptoKey = await subtle.importKey('raw', keyBytesOf(key), { name: 'AES-CBC' }, false, ['encrypt']);
  const padded = pkcs7(new TextEncoder().encode(plain));
  const zeroIv = new Uint8Array(blockSize);
  const blocks = await Promise.all(
    Array.from({ length: padded.length / blockSize }, (_, index) =>
      subtle.encrypt(
        { name: 'AES-CBC', iv: zeroIv },
        cryptoKey,
        padded.subarray(index * blockSize, (index + 1) * blockSize),
      ),
    ),
  );
  const out = new Uint8Array(padded.length);
  blocks.forEach((block, index) => {
    out.set(new Uint8Array(block, 0, blockSize), index * blockSize);
  });
  return toHex(out);
}

/** AES-128-ECB/PKCS#7 in JavaScript, for pages without WebCrypto (plain HTTP off localhost). */
export async function encryptWithoutWebCrypto(plain: string, key: string): Promise<string> {
  const keyBytes = keyBytesOf(key);
  const { ecb } = await import('@noble/ciphers/aes.js');
  return toHex(ecb(keyBytes).encrypt(new TextEncoder().encode(plain)));
}

export async function aesEcbEncryptHex(plain: string, key: string): Promise<string> {
  const subtle = globalThis.isSecureContext === false ? undefined : globalThis.crypto?.subtle;
  return subtle ? encryptWithWebCrypto(subtle, plain, key) : encryptWithoutWebCrypto(plain, key);
}

/** What the login form sends as `password`. */
export async function encryptLoginPassword(clear: string, key: string): Promise<string> {
  return aesEcbEncryptHex(await hashPassword(clear), key);
}
