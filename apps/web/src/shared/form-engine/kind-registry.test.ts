import { FIELD_KINDS, type FieldKind, fieldKind, kindKeyOf } from '@platform/shared';
import { describe, expect, test } from 'vitest';
import { isNone, type KindSection, WEB_KINDS, type WebKind } from './kind-registry.tsx';
import { displayKinds, kinds } from './kinds.tsx';
import { paletteIcons } from './palette-icons.ts';

const facetNames = ['editor', 'viewer', 'palette', 'sections'] as const satisfies readonly (keyof WebKind)[];
const sectionNames: readonly KindSection[] = ['placeholder', 'optionSource', 'popup', 'billRule', 'calculate', 'mask'];

/** A React component: a function, or what lazy() and memo() give. */
const isComponent = (v: unknown) => typeof v === 'function' || (typeof v === 'object' && v !== null && '$$typeof' in v);
const isReason = (v: unknown) => isNone(v) && typeof v.none === 'string' && v.none.trim().length > 10;

/** What is missing or wrong in a registry: a kind of the shared table without an entry, a facet neither given nor `none` with a reason. */
function facetProblems(registry: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(FIELD_KINDS)) {
    const kind = registry[key] as Partial<Record<(typeof facetNames)[number], unknown>> | undefined;
    if (!kind) {
      problems.push(`${key}: no web descriptor`);
      continue;
    }
    for (const facet of facetNames) {
      const v = kind[facet];
      const given =
        facet === 'sections'
          ? Array.isArray(v) && v.every((s) => sectionNames.includes(s))
          : facet === 'palette'
            ? Array.isArray(v) && v.length > 0
            : isComponent(v);
      if (!given && !isReason(v)) problems.push(`${key}.${facet}: neither given nor none with a reason`);
    }
  }
  for (const key of Object.keys(registry))
    if (!Object.hasOwn(FIELD_KINDS, key)) problems.push(`${key}: no kind of the shared table`);
  return problems;
}

const entries = Object.entries(WEB_KINDS) as [keyof typeof FIELD_KINDS, WebKind][];
const shared = (key: string): FieldKind => fieldKind(key);

describe('one web descriptor per kind of the shared table', () => {
  test('every kind has every facet, or none with its reason', () => {
    expect(facetProblems(WEB_KINDS)).toEqual([]);
    for (const [key, kind] of entries) expect(Object.keys(kind).sort(), key).toEqual([...facetNames].sort());
  });

  test('the check fails on a kind left out, a facet left out and a none without reason', () => {
    const { sign: _left, ...withoutSign } = WEB_KINDS;
    expect(facetProblems(withoutSign)).toEqual(['sign: no web descriptor']);
    const { viewer: _viewer, ...noViewer } = WEB_KINDS.input;
    expect(facetProblems({ ...WEB_KINDS, input: noViewer })).toEqual([
      'input.viewer: neither given nor none with a reason',
    ]);
    expect(facetProblems({ ...WEB_KINDS, rate: { ...WEB_KINDS.rate, palette: { none: '' } } })).toEqual([
      'rate.palette: neither given nor none with a reason',
    ]);
    expect(facetProblems({ ...WEB_KINDS, phone: WEB_KINDS.input })).toEqual(['phone: no kind of the shared table']);
  });

  test('a form draws value kinds with an editor, display kinds with their viewer, layout kinds itself', () => {
    for (const [key, kind] of entries) {
      const role = shared(key).role;
      if (role === 'value' && key !== 'table') expect(isNone(kind.editor), key).toBe(false);
      if (role === 'display') expect([isNone(kind.editor), isNone(kind.viewer)], key).toEqual([true, false]);
      if (role === 'container' || role === 'gridPart' || key === 'table')
        expect([isNone(kind.editor), isNone(kind.viewer)], key).toEqual([true, true]);
    }
  });

  test('the palette offers exactly the kinds the shared table marks placeable, each adding a field of its kind', () => {
    for (const [key, kind] of entries) {
      expect(!isNone(kind.palette), key).toBe(shared(key).placeable);
      if (isNone(kind.palette)) continue;
      for (const item of kind.palette) {
        expect(kindKeyOf(item.key), item.key).toBe(key);
        expect(isComponent(paletteIcons[item.icon]), item.key).toBe(true);
        const field = item.template('x');
        expect(field.__config__.jnpfKey, item.key).toBe(item.key);
        expect(field.__config__.label, item.key).toBe('x');
        // A value kind's field gets a name (__vModel__), a display kind's or a container's does not.
        expect(field.__vModel__ !== undefined, item.key).toBe(shared(key).role === 'value');
      }
    }
  });

  test("a kind's sections agree with its shared facets; a kind without a value has none of its own", () => {
    for (const [key, kind] of entries) {
      const facets = shared(key).facets;
      const has = (section: KindSection) => kind.sections.includes(section);
      expect(has('optionSource'), key).toBe(facets?.options === 'list');
      expect(has('popup'), key).toBe(!!facets?.interfaceBound);
      expect(has('billRule'), key).toBe(facets?.auto?.fill === 'billRule');
      if (has('calculate')) expect(facets?.value, key).toBe('number');
      if (!facets) expect(kind.sections, key).toEqual([]);
    }
  });

  test("the engine's kinds and display kinds are read from the registry, by key and alias", () => {
    const drawnKeys = entries.filter(([, kind]) => !isNone(kind.editor)).map(([key]) => key);
    const withAliases = (keys: readonly string[]) => keys.flatMap((key) => [key, ...shared(key).aliases]).sort();
    expect(Object.keys(kinds).sort()).toEqual(withAliases(drawnKeys));
    for (const key of drawnKeys) {
      expect(kinds[key]?.edit, key).toBe(WEB_KINDS[key].editor);
      const viewer = WEB_KINDS[key].viewer;
      expect(kinds[key]?.view, key).toBe(isNone(viewer) ? undefined : viewer);
    }
    expect(kinds.comSelect).toBe(kinds.organizeSelect);
    expect(kinds.currDept).toBe(kinds.currOrganize);
    expect(Object.keys(displayKinds).sort()).toEqual(
      entries
        .filter(([key]) => shared(key).role === 'display')
        .map(([key]) => key)
        .sort(),
    );
  });
});
