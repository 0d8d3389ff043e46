import { FIELD_KINDS, type FieldKind, fieldKind, isKnownKind, kindKeyOf, kindOf, UNKNOWN_KIND } from '@platform/shared';
import { describe, expect, test } from 'vitest';
import { displayKinds, kinds } from '../../../shared/form-engine/index.ts';
import { defaultEditorOf, sectionsOf } from './designer-kinds.ts';
import { palette } from './palette.ts';

const paletteItems = palette.flatMap((group) => group.items);
const entries = Object.entries(FIELD_KINDS) as [string, FieldKind][];

describe('every kind has its web entry', () => {
  test('each palette item inserts a kind of the shared table, of the role its group promises', () => {
    for (const item of paletteItems) {
      const field = item.field('x');
      expect(isKnownKind(item.key), item.key).toBe(true);
      expect(field.__config__.jnpfKey, item.key).toBe(item.key);
      const kind = fieldKind(item.key);
      // A value kind's field gets a name (__vModel__), a display kind's or a container's does not.
      expect(field.__vModel__ !== undefined, item.key).toBe(kind.role === 'value');
    }
  });

  test('each value kind of the table has an editor and a viewer in the form engine; each display kind is drawn', () => {
    for (const [key, kind] of entries) {
      // The sub-table and the layout kinds are drawn by the renderer itself.
      if (kind.role === 'value' && key !== 'table') {
        expect(kinds[key]?.edit, `${key} edit`).toBeTruthy();
      }
      if (kind.role === 'display') expect(displayKinds[key as keyof typeof displayKinds], key).toBeTruthy();
    }
  });

  test('the palette lists exactly the kinds the table marks placeable, in its groups and order as before', () => {
    const placeable = entries.filter(([, kind]) => kind.placeable).map(([key]) => key);
    expect([...new Set(paletteItems.map((item) => kindKeyOf(item.key)))].sort()).toEqual(placeable.sort());
    expect(palette.map((group) => [group.key, group.items.map((item) => item.key)])).toEqual([
      [
        'basic',
        ['input', 'textarea', 'inputNumber', 'PsdInput', 'radio', 'checkbox', 'select', 'switch', 'datePicker']
          .concat(['timePicker', 'dateRange', 'timeRange', 'rate', 'slider', 'colorPicker', 'uploadFile'])
          .concat(['uploadImg', 'editor']),
      ],
      [
        'advanced',
        ['organizeSelect', 'depSelect', 'posSelect', 'userSelect', 'roleSelect', 'areaSelect', 'popupSelect'].concat([
          'calculate',
          'signature',
          'barcode',
          'qrcode',
        ]),
      ],
      [
        'system',
        ['createUser', 'createTime', 'modifyUser', 'modifyTime', 'currOrganize', 'currDept', 'currPosition'].concat([
          'billRule',
        ]),
      ],
      ['layout', ['row', 'card', 'tab', 'collapse', 'tableGrid', 'table', 'groupTitle', 'divider', 'text', 'alert']],
    ]);
  });

  test('a palette item of each kind gets its sections', () => {
    for (const item of paletteItems) {
      const field = item.field('x');
      const facets = fieldKind(item.key).facets;
      const sections = sectionsOf(field);
      expect(sections.slice(0, 2), item.key).toEqual(['identity', 'layout']);
      expect(sections.includes('default'), item.key).toBe(facets !== null);
      expect(sections.includes('validation'), item.key).toBe(facets !== null);
      expect(sections.includes('optionSource'), item.key).toBe(facets?.options === 'list');
      expect(sections.includes('popup'), item.key).toBe(!!facets?.interfaceBound);
      expect(sections.includes('billRule'), item.key).toBe(facets?.auto?.fill === 'billRule');
    }
  });
});

describe('the property panel by kind', () => {
  const field = (jnpfKey: string, rest: object = {}) => ({ __vModel__: 'f', __config__: { jnpfKey }, ...rest });

  test('a 3.6 key gets the sections of its kind (the designer reads kindOf, not the raw key)', () => {
    expect(kindOf(field('datePicker'))).toBe('date');
    expect(sectionsOf(field('datePicker'))).toEqual(sectionsOf(field('date')));
    expect(sectionsOf(field('uploadFz'))).toEqual(sectionsOf(field('uploadFile')));
    expect(sectionsOf(field('uploadFz'))).not.toContain('placeholder');
  });

  test('a kind the table does not name gets the panel of a typed value field', () => {
    expect(fieldKind('someNewKind')).toBe(UNKNOWN_KIND);
    expect(sectionsOf(field('someNewKind'))).toEqual(sectionsOf(field('textarea')));
  });

  test('only the input has a mask, only the calculation an expression; drawn choices have no placeholder', () => {
    const having = (section: ReturnType<typeof sectionsOf>[number]) =>
      Object.keys(FIELD_KINDS)
        .filter((key) => sectionsOf(field(key)).includes(section))
        .sort();
    expect(having('mask')).toEqual(['input']);
    expect(having('calculate')).toEqual(['calculate']);
    expect(
      Object.keys(FIELD_KINDS)
        .filter((key) => fieldKind(key).facets && !sectionsOf(field(key)).includes('placeholder'))
        .sort(),
    ).toEqual([
      'calculate',
      'checkbox',
      'colorPicker',
      'radio',
      'rate',
      'signature',
      'slider',
      'switch',
      'uploadFile',
      'uploadImg',
    ]);
  });

  test('the default value is edited as the kind holds values', () => {
    expect(defaultEditorOf(field('switch'))).toBe('switch');
    expect(['inputNumber', 'rate', 'slider'].map((k) => defaultEditorOf(field(k)))).toEqual([
      'number',
      'number',
      'number',
    ]);
    expect(defaultEditorOf(field('calculate'))).toBe('text');
    expect(['radio', 'checkbox', 'select'].map((k) => defaultEditorOf(field(k)))).toEqual([
      'options',
      'options',
      'options',
    ]);
    expect(defaultEditorOf(field('datePicker'))).toBe('text');
  });

  test('a sub-table has no visibility of its own until it is a named value; layout kinds have only identity, layout and visibility', () => {
    expect(sectionsOf({ __config__: { jnpfKey: 'table' } })).toEqual(['identity', 'layout']);
    expect(sectionsOf({ __config__: { jnpfKey: 'card' } })).toEqual(['identity', 'layout', 'visibility']);
  });
});
