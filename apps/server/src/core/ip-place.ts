import { isIP } from 'node:net';

/**
 * A readable name for where a login came from. Private and loopback addresses are named for what
 * they are; public ones would need a geo database, which the product does not ship.
 */
export function ipPlaceName(ip: string | null | undefined): string {
  if (!ip) return '未知';
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (address === '::1' || address.startsWith('127.')) return '本机';
  if (isIP(address) === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return '局域网';
    if (a === 169 && b === 254) return '局域网';
    if (a === 100 && b >= 64 && b <= 127) return '运营商内网';
  }
  if (isIP(address) === 6 && /^(fc|fd|fe80)/i.test(address)) return '局域网';
  return '外网';
}
