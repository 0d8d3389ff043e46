import type { LocationPoi } from '@platform/shared';

/**
 * The map service behind /api/system/Location: the AMap web service (lbs.amap.com, "Web服务 API"),
 * at a configurable base (the system configuration's mapApiBase; the public host by default, a
 * local fake in tests). GET v3/place/around?key&location&keywords&radius&offset&page,
 * v3/place/text?key&keywords&offset&page, v3/assistant/inputtips?key&keywords&location; every
 * answer carries status ("1" success) and info (the reason otherwise).
 */
export const defaultMapBase = 'https://restapi.amap.com';
const timeoutMs = 10_000;
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export class MapServiceError extends Error {}

type Raw = Record<string, unknown>;

/** AMap answers an empty field as [] rather than ""; every field is text. */
const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

function toPoi(raw: Raw): LocationPoi {
  return {
    id: text(raw.id),
    name: text(raw.name),
    address: text(raw.address),
    location: text(raw.location),
    pname: text(raw.pname),
    cityname: text(raw.cityname),
    adname: text(raw.adname),
    distance: text(raw.distance),
  };
}

export class MapClient {
  constructor(
    private readonly key: string,
    private readonly base: string = defaultMapBase,
  ) {}

  private url(path: string, query: Record<string, string | number | undefined>): URL {
    const url = new URL(path, this.base.endsWith('/') ? this.base : `${this.base}/`);
    url.searchParams.set('key', this.key);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
    return url;
  }

  private async fetched(url: URL): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    } catch (error) {
      throw new MapServiceError((error as Error).message);
    }
    if (!response.ok) throw new MapServiceError(`HTTP ${response.status}`);
    return response;
  }

  private async get(path: string, query: Record<string, string | number | undefined>): Promise<Raw> {
    const response = await this.fetched(this.url(path, query));
    let answer: unknown;
    try {
      answer = await response.json();
    } catch {
      throw new MapServiceError('the answer is not JSON');
    }
    if (!answer || typeof answer !== 'object') throw new MapServiceError('the answer is not an object');
    const raw = answer as Raw;
    if (raw.status !== '1' && raw.status !== 1) throw new MapServiceError(text(raw.info) || 'refused');
    return raw;
  }

  /**
   * v3/staticmap?location&zoom&size&markers: a PNG of the map with a marker at the centre. The
   * service answers its refusals as JSON (status "0", info), anything else must be a PNG.
   */
  async staticMap(query: { location: string; zoom: number; width: number; height: number }): Promise<Buffer> {
    const url = this.url('v3/staticmap', {
      location: query.location,
      zoom: query.zoom,
      size: `${query.width}*${query.height}`,
      markers: `mid,,A:${query.location}`,
    });
    const response = await this.fetched(url);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.subarray(0, 8).equals(pngSignature)) return bytes;
    let info = 'the answer is not a PNG image';
    try {
      const raw = JSON.parse(bytes.toString('utf8')) as Raw;
      if (raw && typeof raw === 'object' && text(raw.info)) info = text(raw.info);
    } catch {
      // Not JSON either: the generic reason stands.
    }
    throw new MapServiceError(info);
  }

  private static pois(raw: Raw) {
    const list = Array.isArray(raw.pois) ? (raw.pois as Raw[]) : [];
    return { pois: list.map(toPoi), count: Number.parseInt(text(raw.count), 10) || list.length };
  }

  async around(query: { location: string; keywords?: string; radius?: number; offset: number; page: number }) {
    return MapClient.pois(
      await this.get('v3/place/around', {
        location: query.location,
        keywords: query.keywords,
        radius: query.radius,
        offset: query.offset,
        page: query.page,
        extensions: 'base',
      }),
    );
  }

  async text(query: { keywords: string; offset: number; page: number }) {
    return MapClient.pois(
      await this.get('v3/place/text', {
        keywords: query.keywords,
        offset: query.offset,
        page: query.page,
        extensions: 'base',
      }),
    );
  }

  async tips(query: { keywords: string; location?: string }) {
    const raw = await this.get('v3/assistant/inputtips', { keywords: query.keywords, location: query.location });
    const list = Array.isArray(raw.tips) ? (raw.tips as Raw[]) : [];
    return {
      tips: list.filter((tip) => text(tip.location)).map((tip) => ({ ...toPoi(tip), adname: text(tip.district) })),
    };
  }
}
