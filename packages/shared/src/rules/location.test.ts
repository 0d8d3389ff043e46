import { describe, expect, test } from 'vitest';
import { DEFAULT_LOCATION, distanceMetres, type LocationSettings, locationProblem } from './location.ts';

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
