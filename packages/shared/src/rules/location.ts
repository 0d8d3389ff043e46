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
  /** Fill an empty field with the nearest place to where the device is, when the form opens. */
  autoLocation?: boolean;
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

/** widgets.md §9: the dialog's map zoom, and the field's small static map (zoom 19, 80*80). */
export const LOCATION_MAP_ZOOM = 16;
export const LOCATION_THUMBNAIL = { zoom: 19, width: 80, height: 80 } as const;
/** The zoom levels the map service draws. */
export const LOCATION_MIN_ZOOM = 3;
export const LOCATION_MAX_ZOOM = 19;

/** Web Mercator, as map services tile the world: 256 px for the whole world at zoom 0. */
const TILE = 256;
const worldPixels = (zoom: number) => TILE * 2 ** zoom;
const latLimit = 85.05112878;

function toPixels(point: GeoPoint, zoom: number): { x: number; y: number } {
  const lat = Math.max(-latLimit, Math.min(latLimit, point.lat));
  const sin = Math.sin(radians(lat));
  const size = worldPixels(zoom);
  return {
    x: ((point.lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

function fromPixels(pixel: { x: number; y: number }, zoom: number): GeoPoint {
  const size = worldPixels(zoom);
  const lng = (pixel.x / size) * 360 - 180;
  const n = Math.PI - (2 * Math.PI * pixel.y) / size;
  const lat = (180 / Math.PI) * Math.atan(Math.sinh(n));
  return { lng: ((((lng + 180) % 360) + 360) % 360) - 180, lat: Math.max(-latLimit, Math.min(latLimit, lat)) };
}

/**
 * The point shown `dx`, `dy` screen pixels from `centre` on a map at `zoom` (right and down are
 * positive): where the centre goes when the map is dragged by (-dx, -dy) or panned with the keys.
 */
export function pointAtOffset(centre: GeoPoint, dx: number, dy: number, zoom: number): GeoPoint {
  const at = toPixels(centre, zoom);
  return fromPixels({ x: at.x + dx, y: at.y + dy }, zoom);
}

/** Where `point` is drawn, in screen pixels from `centre`, on a map at `zoom`. */
export function offsetOfPoint(point: GeoPoint, centre: GeoPoint, zoom: number): { dx: number; dy: number } {
  const a = toPixels(centre, zoom);
  const b = toPixels(point, zoom);
  return { dx: b.x - a.x, dy: b.y - a.y };
}

/** Metres one screen pixel covers at `lat` on a map at `zoom` (for drawing a radius as a circle). */
export function metresPerPixel(lat: number, zoom: number): number {
  return (2 * Math.PI * EARTH_RADIUS_METRES * Math.cos(radians(lat))) / worldPixels(zoom);
}

/** A point as the map service takes it: "lng,lat" with six decimals (about 0.1 m). */
export function coordinatesText(point: GeoPoint): string {
  return `${point.lng.toFixed(6)},${point.lat.toFixed(6)}`;
}

/** widgets.md §9: auto-location waits this long for the device's position (high accuracy). */
export const AUTO_LOCATION_TIMEOUT_MS = 1500;

/** Krasovsky 1940, the ellipsoid of China's map datum GCJ-02. */
const KRASOVSKY_A = 6378245;
const KRASOVSKY_EE = 0.006693421622965943;

function shiftLat(x: number, y: number): number {
  let shift = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  shift += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  shift += ((20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI)) * 2) / 3;
  shift += ((160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30)) * 2) / 3;
  return shift;
}

function shiftLng(x: number, y: number): number {
  let shift = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  shift += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  shift += ((20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI)) * 2) / 3;
  shift += ((150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI)) * 2) / 3;
  return shift;
}

/** Whether a point lies outside the box where GCJ-02 differs from WGS-84. */
export function outsideChina(point: GeoPoint): boolean {
  return point.lng < 72.004 || point.lng > 137.8347 || point.lat < 0.8293 || point.lat > 55.8271;
}

/**
 * A device's position (WGS-84, what browsers report) as the map service in China places it
 * (GCJ-02, the datum AMap's places and pictures use): a few hundred metres' shift inside China,
 * none outside. Without it an auto-located field would name a place down the road.
 */
export function wgs84ToGcj02(point: GeoPoint): GeoPoint {
  if (outsideChina(point)) return point;
  const x = point.lng - 105;
  const y = point.lat - 35;
  const radLat = radians(point.lat);
  const magic = 1 - KRASOVSKY_EE * Math.sin(radLat) ** 2;
  const sqrtMagic = Math.sqrt(magic);
  const dLat = (shiftLat(x, y) * 180) / (((KRASOVSKY_A * (1 - KRASOVSKY_EE)) / (magic * sqrtMagic)) * Math.PI);
  const dLng = (shiftLng(x, y) * 180) / ((KRASOVSKY_A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return { lng: point.lng + dLng, lat: point.lat + dLat };
}

/** Whether auto-location may fill the field with this point: not when it is outside every allowed circle (widgets.md §5). */
export function autoLocationAllowed(point: GeoPoint, settings: LocationSettings): boolean {
  return locationProblem(point, null, settings) !== 'beyondScope';
}
