/** A point as the location widget stores it (widgets.md §3 "Location value"). */
export interface GeoPoint {
  lng: number;
  lat: number;
}

/** A circle of the desktop location scope: its centre and radius in metres. */
export interface LocationCircle extends GeoPoint {
  radius: number;
}

/** widgets.md §3, §9: the default centre and the default fine-tune range in metres. */
export const DEFAULT_LOCATION: GeoPoint = { lat: 25.416422, lng: 118.990923 };
export const DEFAULT_ADJUSTMENT_SCOPE = 500;
/** widgets.md §9: the nearby list's page size, and how near its bottom the next page loads. */
export const LOCATION_PAGE_SIZE = 50;
export const LOCATION_SCROLL_THRESHOLD = 50;

const EARTH_RADIUS_METRES = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points in metres (haversine, mean Earth radius). */
export function distanceMetres(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The location widget's settings (widgets.md §3 "Location settings"). */
export interface LocationSettings {
  enableLocationScope?: boolean;
  adjustmentScope?: number;
  enableDesktopLocation?: boolean;
  locationScope?: readonly LocationCircle[];
}

export type LocationProblem = 'beyondAdjustment' | 'beyondScope';

/**
 * Whether a chosen point may be taken (widgets.md §5 "Location"): with the location scope on, a
 * point farther than adjustmentScope (default 500 m) from the starting point is beyond the
 * fine-tune range (超出微调范围); with desktop location on and circles configured, a point inside
 * none of them is beyond the specified range (超出规定范围). Null when it may be taken.
 */
export function locationProblem(
  point: GeoPoint,
  start: GeoPoint | null,
  settings: LocationSettings,
): LocationProblem | null {
  if (settings.enableLocationScope && start) {
    const limit =
      settings.adjustmentScope && settings.adjustmentScope > 0 ? settings.adjustmentScope : DEFAULT_ADJUSTMENT_SCOPE;
    if (distanceMetres(start, point) > limit) return 'beyondAdjustment';
  }
  const circles = settings.locationScope ?? [];
  if (settings.enableDesktopLocation && circles.length > 0) {
    if (!circles.some((circle) => distanceMetres(circle, point) <= circle.radius)) return 'beyondScope';
  }
  return null;
}
