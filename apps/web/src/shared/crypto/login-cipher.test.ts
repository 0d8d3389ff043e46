import { afterEach, describe, expect, test, vi } from 'vitest';
import { aesEcbEncryptHex, encryptLoginPassword, encryptWithoutWebCrypto, hashPassword } from './login-cipher.ts';

// protocol.md "Compatibility with existing clients": the public 3.6 client's vector.
const key = 'EY8WePvjM5GGwQzn';
const expected = '0141e448f84d2cd13e1a5bf9429ee5c35d0eb5c544aed9bc182fe49ccc0c8557a229e03f24a483b5f63d74677b8c4a66';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login cipher', () => {
  test('MD5 of the clear password is lowercase hex', async () => {
    expect(await hashPassword('123456')).toBe('e10adc3949ba59abbe56e057f20f883e');
  });

  test('123456 with the 3.6 key gives the protocol vector', async () => {
    expect(await encryptLoginPassword('123456', key)).toBe(expected);
  });

  test('ECB: equal blocks give equal ciphertext blocks, and a full block still gets a padding block', async () => {
    const hex = await aesEcbEncryptHex('a'.repeat(32), key);
    expect(hex).toHaveLength(96);
    expect(hex.slice(0, 32)).toBe(hex.slice(32, 64));
    expect(hex.slice(64)).not.toBe(hex.slice(0, 32));
  });

  test('a key that is not 16 bytes is refused', async () => {
    await expect(aesEcbEncryptHex('x', 'short')).rejects.toThrow(/16 bytes/);
    await expect(encryptWithoutWebCrypto('x', 'short')).rejects.toThrow(/16 bytes/);
  });
});

describe('login cipher without WebCrypto (plain HTTP on a LAN address)', () => {
  test('the JavaScript AES gives the protocol vector', async () => {
    expect(await encryptWithoutWebCrypto('e10adc3949ba59abbe56e057f20f883e', key)).toBe(expected);
  });

  test('a page without crypto.subtle still produces the login payload', async () => {
    const importKey = vi.fn();
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => a, subtle: undefined, importKey });
    expect(globalThis.crypto.subtle).toBeUndefined();
    expect(await encryptLoginPassword('123456', key)).toBe(expected);
    expect(importKey).not.toHaveBeenCalled();
  });

  test('an insecure context does not use WebCrypto even if the object is there', async () => {
    const subtle = { importKey: vi.fn(), encrypt: vi.fn() };
    vi.stubGlobal('crypto', { subtle });
    vi.stubGlobal('isSecureContext', false);
    expect(await aesEcbEncryptHex('e10adc3949ba59abbe56e057f20f883e', key)).toBe(expected);
    expect(subtle.importKey).not.toHaveBeenCalled();
  });

  test('equal blocks and the padding block come out as with WebCrypto', async () => {
    const plain = 'b'.repeat(32);
    const native = await aesEcbEncryptHex(plain, key);
    expect(await encryptWithoutWebCrypto(plain, key)).toBe(native);
  });
});
