import { describe, expect, test } from 'vitest';
import {
  FIELD_KINDS,
  type FieldKind,
  fieldKind,
  isDateLike,
  isKnownKind,
  kindKeyOf,
  UNKNOWN_KIND,
  type ValueFacets,
  valueKindsWhere,
} from './field-kinds.ts';
import { ARRAY_KINDS, AUTO_KINDS, CONTAINER_KINDS, DISPLAY_KINDS, kindOf } from './form-definition.ts';
import { SHEET_KINDS } from './sheet-cell.ts';

const entries = Object.entries(FIELD_KINDS) as [string, FieldKind][];
const valueEntries = entries.flatMap(([key, kind]) => (kind.facets ? [[key, kind.facets] as const] : []));
const sorted = (set: ReadonlySet<string>) => [...set].sort();

/** Every facet a value kind decides, with the values it may take. */
const valueFacetChoices: { [K in keyof ValueFacets]: readonly unknown[] | ((v: unknown) => boolean) } = {
  value: ['text', 'number', 'datetime', 'range', 'list', 'files', 'rows', 'json'],
  auto: (v) =>
    v === null ||
    (typeof v === 'object' &&
      ['user', 'time', 'organize', 'position', 'billRule'].includes((v as { fill: string }).fill) &&
      ['create', 'update'].includes((v as { on: string }).on)),
  display: ['asStored', 'switch', 'date', 'dateRange', 'range', 'location', 'typedIds', 'names', 'labels'],
  names: [null, 'user', 'organize', 'position', 'role', 'group', 'area'],
  search: ['range', 'like', 'exact'],
  sheet: [null, 'text', 'number', 'date', 'switch', 'options'],
  numberOperand: [true, false],
  multiple: ['always', 'optional', 'never'],
  options: [null, 'list', 'tree'],
  interfaceBound: [null, 'id', 'text'],
  picker: [null, 'organize', 'department', 'position', 'role', 'group', 'user', 'users', 'area', 'location'],
};

describe('the field-kind table', () => {
  test('every kind decides its role, aliases and layout, and a value kind every value facet', () => {
    for (const [key, kind] of [...entries, ['(unknown)', UNKNOWN_KIND] as const]) {
      expect(['value', 'display', 'container', 'gridPart'], key).toContain(kind.role);
      expect(Array.isArray(kind.aliases), key).toBe(true);
      expect(typeof kind.dropTarget, key).toBe('boolean');
      expect(typeof kind.drawnByParent, key).toBe('boolean');
      expect(typeof kind.placeable, key).toBe('boolean');
      // What its parent draws is added with the parent, never from the palette.
      if (kind.drawnByParent) expect(kind.placeable, key).toBe(false);
      expect(kind.parts === null || Object.hasOwn(FIELD_KINDS, kind.parts), key).toBe(true);
      if (kind.role !== 'value') {
        expect(kind.facets, key).toBeNull();
        continue;
      }
      const facets = kind.facets as ValueFacets;
      expect(Object.keys(facets).sort(), key).toEqual(Object.keys(valueFacetChoices).sort());
      for (const [facet, allowed] of Object.entries(valueFacetChoices)) {
        const v = facets[facet as keyof ValueFacets];
        const ok = typeof allowed === 'function' ? allowed(v) : allowed.includes(v);
        expect(ok, `${key}.${facet} = ${JSON.stringify(v)}`).toBe(true);
      }
    }
  });

  test('the facets agree with each other', () => {
    for (const [key, f] of valueEntries) {
      // Names are what a picker or a person/organisation field shows; the mixed picker types its own ids.
      expect(f.display === 'names', key).toBe(f.names !== null);
      if (f.numberOperand) expect(f.value, key).toBe('number');
      if (f.sheet === 'options') expect(f.options, key).toBe('list');
      if (f.sheet === 'number') expect(f.value, key).toBe('number');
      if (f.sheet === 'date') expect(f.value, key).toBe('datetime');
      if (f.value === 'list' || f.value === 'files' || f.value === 'rows') expect(f.multiple, key).toBe('always');
      // The server fills these, so no one types them into a sheet and no designer picks their options.
      if (f.auto) expect([f.sheet, f.options, f.interfaceBound, f.picker], key).toEqual([null, null, null, null]);
    }
  });

  test('aliases resolve to their kind, are no kind of their own and belong to one kind only', () => {
    const seen = new Set<string>();
    for (const [key, kind] of entries) {
      for (const alias of kind.aliases) {
        expect(Object.hasOwn(FIELD_KINDS, alias), alias).toBe(false);
        expect(seen.has(alias), alias).toBe(false);
        seen.add(alias);
        expect(kindKeyOf(alias)).toBe(key);
        expect(fieldKind(alias)).toBe(kind);
        expect(kindOf({ __config__: { jnpfKey: alias } })).toBe(key);
        expect(isKnownKind(alias)).toBe(true);
      }
      expect(kindKeyOf(key)).toBe(key);
    }
    // The 3.6 designer's keys, and the older ones still found in stored definitions.
    expect(kindKeyOf('datePicker')).toBe('date');
    expect(kindKeyOf('timePicker')).toBe('time');
    expect(kindKeyOf('numInputRange')).toBe('numRange');
    expect(kindKeyOf('currDept')).toBe('currOrganize');
    expect(kindKeyOf('uploadFz')).toBe('uploadFile');
  });

  test('a key no entry names is an explicit JSON value, searched by equality', () => {
    expect(isKnownKind('someNewKind')).toBe(false);
    expect(fieldKind('someNewKind')).toBe(UNKNOWN_KIND);
    expect(kindKeyOf('someNewKind')).toBe('someNewKind');
    expect(UNKNOWN_KIND.facets).toMatchObject({ value: 'json', search: 'exact', auto: null, sheet: null });
  });

  test('the named sets keep the members they had before the table', () => {
    expect(sorted(CONTAINER_KINDS)).toEqual(
      ['row', 'card', 'tab', 'tabItem', 'collapse', 'collapseItem', 'tableGrid'].sort(),
    );
    expect(sorted(DISPLAY_KINDS)).toEqual(
      ['divider', 'text', 'link', 'alert', 'groupTitle', 'button', 'iframe', 'barcode', 'qrcode'].sort(),
    );
    expect(sorted(AUTO_KINDS)).toEqual(
      [
        'createUser',
        'createTime',
        'modifyUser',
        'modifyTime',
        'currOrganize',
        'currDept',
        'currPosition',
        'billRule',
      ].sort(),
    );
    expect(sorted(ARRAY_KINDS)).toEqual(
      ['checkbox', 'cascader', 'uploadImg', 'uploadFile', 'uploadFz', 'dateRange', 'timeRange', 'table'].sort(),
    );
    expect(sorted(SHEET_KINDS)).toEqual(
      [
        'input',
        'textarea',
        'inputNumber',
        'switch',
        'radio',
        'checkbox',
        'select',
        'date',
        'datePicker',
        'time',
        'timePicker',
        'rate',
        'slider',
        'colorPicker',
      ].sort(),
    );
    // What a calculation may read, and what a list may search as a range.
    expect(sorted(valueKindsWhere((f) => f.numberOperand))).toEqual(['calculate', 'inputNumber', 'rate', 'slider']);
    expect(sorted(valueKindsWhere((f) => f.search === 'range'))).toEqual(
      ['inputNumber', 'date', 'datePicker', 'time', 'timePicker', 'createTime', 'modifyTime', 'slider', 'rate'].sort(),
    );
    expect(sorted(valueKindsWhere((f) => f.options === 'list'))).toEqual(['checkbox', 'radio', 'select']);
    expect(sorted(valueKindsWhere((f) => f.interfaceBound !== null))).toEqual([
      'autoComplete',
      'popupSelect',
      'popupTableSelect',
    ]);
  });

  test('date-like kinds are the ones kept as milliseconds', () => {
    expect(['date', 'datePicker', 'createTime', 'modifyTime'].every(isDateLike)).toBe(true);
    expect(['time', 'timePicker', 'dateRange', 'input', 'someNewKind'].some(isDateLike)).toBe(false);
  });

  test('the designer nests fields only where the table says', () => {
    const where = (test: (kind: FieldKind) => boolean) =>
      entries
        .filter(([, kind]) => test(kind))
        .map(([key]) => key)
        .sort();
    expect(where((k) => k.dropTarget)).toEqual(
      ['row', 'card', 'tabItem', 'collapseItem', 'tableGridTd', 'table'].sort(),
    );
    expect(where((k) => k.drawnByParent)).toEqual(['collapseItem', 'tabItem', 'tableGridTd', 'tableGridTr']);
    expect(FIELD_KINDS.tab.parts).toBe('tabItem');
    expect(FIELD_KINDS.collapse.parts).toBe('collapseItem');
  });
});
