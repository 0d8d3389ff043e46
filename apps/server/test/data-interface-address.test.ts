import { describe, expect, test } from 'vitest';
import {
  addressAllowed,
  checkedAddress,
  parseRanges,
  type Resolver,
  sendChecked,
} from '../src/modules/dataInterface/outbound-http.ts';

/**
 * The address check of HTTP data interfaces, without traffic: addresses are judged as text, and
 * names go to a stub resolver. Nothing here connects anywhere (a refused address never reaches a
 * socket; the stubs answer before any connection would be made).
 */
describe('addressAllowed', () => {
  test.each([
    ['127.0.0.1', 'loopback'],
    ['127.10.0.1', 'loopback'],
    ['::1', 'IPv6 loopback'],
    ['10.0.0.1', '10/8'],
    ['10.255.255.255', '10/8'],
    ['172.16.0.1', '172.16/12'],
    ['172.31.255.254', '172.16/12'],
    ['192.168.1.1', '192.168/16'],
    ['169.254.169.254', 'link-local, cloud metadata'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', '100.64/10 carrier-grade NAT'],
    ['100.100.100.200', '100.64/10 (a cloud metadata address)'],
    ['0.0.0.0', '0/8'],
    ['0.1.2.3', '0/8'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['fc00::1', 'fc00::/7 unique local'],
    ['fd00:ec2::254', 'fc00::/7 (a cloud metadata address)'],
    ['fe80::1', 'fe80::/10 link-local'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:10.1.2.3', 'IPv4-mapped private'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['2002:a00:1::', '6to4 of 10.0.0.1'],
    ['ff02::1', 'IPv6 multicast'],
    ['not an address', 'text'],
  ])('%s (%s) is refused', (address) => {
    expect(addressAllowed(address)).toBe(false);
  });

  test.each([['93.184.215.14'], ['8.8.8.8'], ['172.32.0.1'], ['11.0.0.1'], ['2606:4700::1111']])(
    '%s (public) is allowed',
    (address) => {
      expect(addressAllowed(address)).toBe(true);
    },
  );

  test('an allowed range opens exactly that range', () => {
    const allowed = parseRanges(['127.0.0.1', '10.1.0.0/16']);
    expect(addressAllowed('127.0.0.1', allowed)).toBe(true);
    expect(addressAllowed('127.0.0.2', allowed)).toBe(false);
    expect(addressAllowed('10.1.200.3', allowed)).toBe(true);
    expect(addressAllowed('10.2.0.1', allowed)).toBe(false);
    expect(addressAllowed('::ffff:127.0.0.1', allowed)).toBe(true);
    expect(() => parseRanges(['nonsense/99'])).toThrow();
  });
});

describe('names are judged by every address they resolve to', () => {
  const stub =
    (answers: Record<string, string[]>): Resolver =>
    async (hostname) =>
      (answers[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const resolver = stub({
    'public.example': ['93.184.215.14'],
    'intranet.example': ['10.0.0.5'],
    'metadata.example': ['169.254.169.254'],
    'mixed.example': ['93.184.215.14', '192.168.0.10'],
    'v6private.example': ['fd12::1'],
    'nothing.example': [],
  });

  test('a public name answers its checked address (the one the connection goes to)', async () => {
    expect(await checkedAddress('public.example', [], resolver)).toBe('93.184.215.14');
  });

  test.each([['intranet.example'], ['metadata.example'], ['mixed.example'], ['v6private.example']])(
    '%s is refused',
    async (name) => {
      await expect(checkedAddress(name, [], resolver)).rejects.toMatchObject({
        key: 'dataInterface.httpRefused',
        params: { host: name },
      });
    },
  );

  test('a name with no address fails', async () => {
    await expect(checkedAddress('nothing.example', [], resolver)).rejects.toMatchObject({
      key: 'dataInterface.httpFailed',
    });
  });

  test('a request to a name resolving to a private address is refused before any connection', async () => {
    let asked = 0;
    const counting: Resolver = async (name) => {
      asked++;
      return resolver(name);
    };
    await expect(
      sendChecked(
        { url: 'http://intranet.example/api', method: 'GET', headers: {}, body: null },
        { allowed: [], timeoutMs: 1000, maxBytes: 1000, resolver: counting },
      ),
    ).rejects.toMatchObject({ key: 'dataInterface.httpRefused' });
    expect(asked).toBe(1);
  });

  test('schemes other than http and https are refused', async () => {
    for (const url of ['file:///etc/passwd', 'gopher://public.example/', 'ftp://public.example/']) {
      await expect(
        sendChecked(
          { url, method: 'GET', headers: {}, body: null },
          { allowed: [], timeoutMs: 1000, maxBytes: 1000, resolver },
        ),
      ).rejects.toMatchObject({ key: 'dataInterface.httpUrl' });
    }
  });
});
