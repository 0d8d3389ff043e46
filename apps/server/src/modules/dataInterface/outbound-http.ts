import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { BusinessError } from '../../core/errors.ts';

/**
 * Outbound HTTP of data interfaces, refusing what an administrator's URL must not reach (SSRF):
 * loopback, private, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, unique-local
 * IPv6, multicast, reserved and every other special range, unless a range is allowed in the
 * configuration (DATA_INTERFACE_ALLOWED_RANGES). Names are resolved once, every answer is checked,
 * and the connection goes to the checked address (a second lookup could answer otherwise: DNS
 * rebinding). Redirects are followed by hand and each target checked again.
 */

/** A DNS resolver: every address a name answers. Tests stub it; no traffic leaves for a stub. */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;
export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Ranges ipaddr.js calls unicast that are not public all the same (documentation and test networks). */
const extraRefused: Cidr[] = ['192.0.0.0/24', '192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24', '240.0.0.0/4'].map(
  (cidr) => ipaddr.parseCIDR(cidr),
);

export function parseRanges(ranges: readonly string[]): Cidr[] {
  return ranges.map((range) => {
    const text = range.includes('/') ? range : `${range}/${range.includes(':') ? 128 : 32}`;
    try {
      return ipaddr.parseCIDR(text);
    } catch {
      throw new Error(`not an address range: ${range}`);
    }
  });
}

function inRange(address: ipaddr.IPv4 | ipaddr.IPv6, [base, bits]: Cidr): boolean {
  return address.kind() === base.kind() && address.match(base, bits);
}

/**
 * Whether an interface may connect to `ip`: a public unicast address, or one inside an allowed range.
 * IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) are judged as the IPv4 address they carry.
 */
export function addressAllowed(ip: string, allowed: readonly Cidr[] = []): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let address = ipaddr.parse(ip.replace(/^\[|\]$/g, ''));
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
  }
  if (allowed.some((range) => inRange(address, range))) return true;
  if (address.range() !== 'unicast') return false;
  return !extraRefused.some((range) => inRange(address, range));
}

/** The address to connect to for `hostname`: every address it resolves to must be allowed. */
export async function checkedAddress(
  hostname: string,
  allowed: readonly Cidr[],
  resolver: Resolver = systemResolver,
): Promise<string> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (!addressAllowed(host, allowed)) throw new BusinessError('dataInterface.httpRefused', { host: hostname });
    return host;
  }
  let answers: { address: string }[];
  try {
    answers = await resolver(host);
  } catch {
    throw new BusinessError('dataInterface.httpFailed', { reason: `DNS ${host}` });
  }
  if (answers.length === 0) throw new BusinessError('dataInterface.httpFailed', { reason: `DNS ${host}` });
  if (answers.some((answer) => !addressAllowed(answer.address, allowed))) {
    throw new BusinessError('dataInterface.httpRefused', { host: hostname });
  }
  return answers[0]?.address ?? '';
}

export interface OutboundRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | null;
}

export interface OutboundLimits {
  allowed: readonly Cidr[];
  timeoutMs: number;
  maxBytes: number;
  resolver?: Resolver;
  maxRedirects?: number;
}

export interface OutboundAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** Sends one request under the limits; redirects (at most 3) are followed, each target checked again. */
export async function sendChecked(request: OutboundRequest, limits: OutboundLimits): Promise<OutboundAnswer> {
  const deadline = Date.now() + limits.timeoutMs;
  let current = request;
  for (let hop = 0; ; hop++) {
    const answer = await sendOnce(current, limits, deadline);
    if (!answer.location) return answer;
    if (hop >= (limits.maxRedirects ?? 3)) throw new BusinessError('dataInterface.httpFailed', { reason: 'redirects' });
    const next = new URL(answer.location, current.url).toString();
    const keepsBody = answer.status === 307 || answer.status === 308;
    current = keepsBody ? { ...current, url: next } : { ...current, url: next, method: 'GET', body: null };
  }
}

function sendOnce(
  request: OutboundRequest,
  limits: OutboundLimits,
  deadline: number,
): Promise<OutboundAnswer & { location?: string }> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new BusinessError('dataInterface.httpUrl');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BusinessError('dataInterface.httpUrl');
  return checkedAddress(url.hostname, limits.allowed, limits.resolver).then(
    (address) =>
      new Promise((resolve, reject) => {
        const remaining = deadline - Date.now();
        if (remaining <= 0) {
          reject(new BusinessError('dataInterface.httpTimeout'));
          return;
        }
        const client = url.protocol === 'https:' ? https : http;
        const hostname = url.hostname.replace(/^\[|\]$/g, '');
        const req = client.request(
          {
            host: address,
            port: url.port || (url.protocol === 'https:' ? 443 : 80),
            path: `${url.pathname}${url.search}`,
            method: request.method,
            // The name the certificate must carry and the Host header are the URL's, the address the checked one.
            ...(url.protocol === 'https:' && !isIP(hostname) ? { servername: hostname } : {}),
            headers: { ...request.headers, host: url.host },
            timeout: remaining,
            agent: false,
          },
          (res) => {
            const status = res.statusCode ?? 0;
            const location = res.headers.location;
            if (status >= 300 && status < 400 && location) {
              res.resume();
              resolve({ status, contentType: '', body: '', location });
              return;
            }
            const chunks: Buffer[] = [];
            let size = 0;
            res.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size > limits.maxBytes) {
                req.destroy();
                reject(new BusinessError('dataInterface.httpTooLarge', { max: limits.maxBytes }));
                return;
              }
              chunks.push(chunk);
            });
            res.on('end', () =>
              resolve({
                status,
                contentType: String(res.headers['content-type'] ?? ''),
                body: Buffer.concat(chunks).toString('utf8'),
              }),
            );
            res.on('error', (error) =>
              reject(new BusinessError('dataInterface.httpFailed', { reason: error.message })),
            );
          },
        );
        const timer = setTimeout(() => {
          req.destroy();
          reject(new BusinessError('dataInterface.httpTimeout'));
        }, remaining);
        req.on('close', () => clearTimeout(timer));
        req.on('timeout', () => {
          req.destroy();
          reject(new BusinessError('dataInterface.httpTimeout'));
        });
        req.on('error', (error) => reject(new BusinessError('dataInterface.httpFailed', { reason: error.message })));
        if (request.body !== null) req.write(request.body);
        req.end();
      }),
  );
}
