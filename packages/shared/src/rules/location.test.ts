import { describe, expect, test } from 'vitest';
import {
  autoLocationAllowed,
  DEFAULT_LOCATION,
  distanceMetres,
  type LocationSettings,
  locationProblem,
  metresPerPixel,
  offsetOfPoint,
  pointAtOffset,
  wgs84ToGcj02,
} from './location.ts';

const start = DEFAULT_LOCATION;
/** About `metres` north of the default centre (one degree of latitude is ~111,195 m). */
const north = (metres: number) => ({ lng: start.lng, lat: start.lat + metres / 111_195 });

describe('distance between two points', () => {
  test.each([
    [start, start, 0],
    [start, north(500), 500],
    [{ lng: 116.397, lat: 39.908 }, { lng: 121.474, lat: 31.23 }, 1_067_000],
  ])('%j to %j is about %i m', (a, b, metres) =>
    expect(Math.abs(distanceMetres(a, b) - metres)).toBeLessThanOrEqual(Math.max(1, metres * 0.002)),
  );
});

describe('fine-tune and scope checks (widgets.md §5 "Location")', () => {
  const scope: LocationSettings['locationScope'] = [{ ...start, radius: 1000 }];
  test.each<[string, ReturnType<typeof north>, LocationSettings, ReturnType<typeof locationProblem>]>([
    ['no check enabled: anything goes', north(5000), {}, null],
    ['within the default 500 m', north(450), { enableLocationScope: true }, null],
    ['beyond the default 500 m: 超出微调范围', north(550), { enableLocationScope: true }, 'beyondAdjustment'],
    ['a wider fine-tune range', north(550), { enableLocationScope: true, adjustmentScope: 800 }, null],
    ['inside a circle', north(900), { enableDesktopLocation: true, locationScope: scope }, null],
    [
      'outside every circle: 超出规定范围',
      north(1100),
      { enableDesktopLocation: true, locationScope: scope },
      'beyondScope',
    ],
    [
      'desktop location without circles: no limit',
      north(1100),
      { enableDesktopLocation: true, locationScope: [] },
      null,
    ],
  ])('%s', (_name, point, settings, problem) => expect(locationProblem(point, start, settings)).toBe(problem));

  test('without a starting point the fine-tune range does not apply', () =>
    expect(locationProblem(north(5000), null, { enableLocationScope: true })).toBeNull());
});

describe('map geometry (Web Mercator) for panning and drawing on the location map', () => {
  test('a point at an offset maps back to that offset, at any zoom', () => {
    for (const zoom of [3, 16, 19]) {
      const moved = pointAtOffset(start, 120, -45, zoom);
      const back = offsetOfPoint(moved, start, zoom);
      expect(back.dx).toBeCloseTo(120, 6);
      expect(back.dy).toBeCloseTo(-45, 6);
    }
  });

  test('right is east and up is north; one zoom level halves the distance of a pixel', () => {
    const east = pointAtOffset(start, 100, 0, 16);
    const up = pointAtOffset(start, 0, -100, 16);
    expect(east.lng).toBeGreaterThan(start.lng);
    expect(east.lat).toBeCloseTo(start.lat, 9);
    expect(up.lat).toBeGreaterThan(start.lat);
    expect(distanceMetres(start, pointAtOffset(start, 100, 0, 17)) * 2).toBeCloseTo(distanceMetres(start, east), 3);
  });

  test('a pixel at zoom 16 near the default centre is about 2.16 m, and the distance agrees with it', () => {
    expect(metresPerPixel(start.lat, 16)).toBeCloseTo(2.16, 2);
    const east = pointAtOffset(start, 100, 0, 16);
    expect(distanceMetres(start, east)).toBeCloseTo(100 * metresPerPixel(start.lat, 16), 0);
  });

  test('panning across the date line wraps the longitude', () => {
    const far = pointAtOffset({ lng: 179.9999, lat: 0 }, 100, 0, 10);
    expect(far.lng).toBeLessThan(-179);
  });
});

describe('a device position (WGS-84) on the map service in China (GCJ-02)', () => {
  test('inside China it shifts by a few hundred metres, north-east around Beijing', () => {
    const tiananmen = { lng: 116.391, lat: 39.907 };
    const shifted = wgs84ToGcj02(tiananmen);
    const metres = distanceMetres(tiananmen, shifted);
    expect(metres).toBeGreaterThan(300);
    expect(metres).toBeLessThan(800);
    expect(shifted.lng).toBeGreaterThan(tiananmen.lng);
    expect(shifted.lat).toBeGreaterThan(tiananmen.lat);
  });

  test('outside China it is the same point', () => {
    const greenwich = { lng: -0.0015, lat: 51.4779 };
    expect(wgs84ToGcj02(greenwich)).toEqual(greenwich);
  });

  test('auto-location is skipped outside every allowed circle, and allowed without circles', () => {
    const circles: LocationSettings = { enableDesktopLocation: true, locationScope: [{ ...start, radius: 1000 }] };
    expect(autoLocationAllowed(north(500), circles)).toBe(true);
    expect(autoLocationAllowed(north(5000), circles)).toBe(false);
    expect(autoLocationAllowed(north(5000), {})).toBe(true);
  });
});
