import {
  LOCATION_MAP_ZOOM,
  LOCATION_MAX_ZOOM,
  LOCATION_MIN_ZOOM,
  LOCATION_PAGE_SIZE,
  type LocationAroundQuery,
  type LocationStaticMapQuery,
  type LocationTextQuery,
  type LocationTipsQuery,
} from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import type { SysConfigService } from '../sysConfig/sys-config.service.ts';
import { defaultMapBase, MapClient, MapServiceError } from './location.client.ts';

/** The map service's largest page and search radius (metres). */
const maxOffset = 50;
const maxRadius = 50_000;
/** The largest picture the map service draws, per side. */
const maxMapSide = 1024;

const whole = (value: string | number | undefined, fallback: number) => {
  const n = typeof value === 'number' ? value : Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) ? n : fallback;
};

/**
 * /api/system/Location (widgets.md §7 "Location"): nearby places, places by keyword, typing
 * suggestions, through the map service whose key the system configuration holds. Without a key the
 * caller is told what to configure; a failing service answers a 400 naming the reason.
 */
export class LocationService {
  constructor(private readonly settings: SysConfigService) {}

  private async client(): Promise<MapClient> {
    const settings = await this.settings.get();
    const key = typeof settings.mapServiceKey === 'string' ? settings.mapServiceKey.trim() : '';
    if (!key) throw new BusinessError('location.noKey');
    const base = typeof settings.mapApiBase === 'string' && settings.mapApiBase ? settings.mapApiBase : defaultMapBase;
    return new MapClient(key, base);
  }

  private async call<T>(run: (client: MapClient) => Promise<T>): Promise<T> {
    const client = await this.client();
    try {
      return await run(client);
    } catch (error) {
      if (error instanceof MapServiceError)
        throw new BusinessError('location.serviceFailed', { reason: error.message });
      throw error;
    }
  }

  private static paging(query: { offset?: string | number | undefined; page?: string | number | undefined }) {
    return {
      offset: Math.min(maxOffset, Math.max(1, whole(query.offset, LOCATION_PAGE_SIZE))),
      page: Math.max(1, whole(query.page, 1)),
    };
  }

  /** radius -1 (or none): the service's own default; otherwise at most 50 km. */
  private static radius(value: string | number | undefined) {
    const radius = whole(value, -1);
    return radius > 0 ? Math.min(maxRadius, radius) : undefined;
  }

  around(query: LocationAroundQuery) {
    const radius = LocationService.radius(query.radius);
    return this.call((client) =>
      client.around({
        location: query.location,
        ...(query.keywords ? { keywords: query.keywords } : {}),
        ...(radius ? { radius } : {}),
        ...LocationService.paging(query),
      }),
    );
  }

  /** By keyword; with a point and a radius (the fine-tune range) the search stays within it. */
  text(query: LocationTextQuery) {
    const radius = LocationService.radius(query.radius);
    const paging = LocationService.paging(query);
    return this.call((client) =>
      query.location && radius
        ? client.around({ location: query.location, keywords: query.keywords, radius, ...paging })
        : client.text({ keywords: query.keywords, ...paging }),
    );
  }

  tips(query: LocationTipsQuery) {
    return this.call((client) =>
      client.tips({ keywords: query.keywords, ...(query.location ? { location: query.location } : {}) }),
    );
  }

  /** A picture of the map as a data: URL; the zoom is kept within what the service draws. */
  async staticMap(query: LocationStaticMapQuery) {
    const [width = 0, height = 0] = query.size.split('*').map(Number);
    if (width < 1 || height < 1 || width > maxMapSide || height > maxMapSide)
      throw new BusinessError('location.mapSize', { max: maxMapSide });
    const zoom = Math.min(LOCATION_MAX_ZOOM, Math.max(LOCATION_MIN_ZOOM, whole(query.zoom, LOCATION_MAP_ZOOM)));
    const png = await this.call((client) => client.staticMap({ location: query.location, zoom, width, height }));
    return { image: `data:image/png;base64,${png.toString('base64')}` };
  }
}
