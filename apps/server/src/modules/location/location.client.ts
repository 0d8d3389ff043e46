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

  private async get(path: string, query: Record<string, string | number | undefined>): Promise<Raw> {
    const url = new URL(path, this.base.endsWith('/') ? this.base : `${this.base}/`);
    url.searchParams.set('key', this.key);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    } catch (error) {
      throw new MapServiceError((error as Error).message);
    }
    if (!response.ok) throw new MapServiceError(`HTTP ${response.status}`);
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
