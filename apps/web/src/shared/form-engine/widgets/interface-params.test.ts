import type { FormField } from '@platform/shared';
import { describe, expect, test } from 'vitest';
import { distinctBy, withKeyword } from '../../components/pickers/popup-api.ts';
import { paramListOf, templateSources } from './interface-params.ts';

const field = (templateJson: unknown[]): FormField => ({ __config__: { jnpfKey: 'popupSelect' }, templateJson });
const values: Record<string, unknown> = { city: '厦门', tags: ['a', 'b'] };
const read = (name: string) => values[name];

describe('template parameters of data-bound fields (widgets.md §3, protocol-admin.md §4)', () => {
  test.each([
    ['sourceType 1 reads the named form field', { field: 'c', relationField: 'city', sourceType: 1 }, '厦门'],
    ['a list value is sent joined', { field: 'c', relationField: 'tags', sourceType: 1 }, 'a,b'],
    ['an empty form field is sent empty', { field: 'c', relationField: 'missing', sourceType: 1 }, ''],
    ['sourceType 2 sends the custom value', { field: 'c', relationField: '', sourceType: 2, defaultValue: 'x' }, 'x'],
    ['sourceType 3 sends nothing', { field: 'c', sourceType: 3, defaultValue: 'x' }, ''],
    ['"table-column" reads the same sub-table row', { field: 'c', relationField: 'items-sku', sourceType: 1 }, 'S1'],
  ])('%s', (_name, entry, expected) => {
    const [param] = paramListOf(field([entry]), read, { sku: 'S1' });
    expect(param?.defaultValue).toBe(expected);
    expect(param?.field).toBe('c');
  });

  test('entries without a parameter name are left out; only form-level sources are dependencies', () => {
    const f = field([
      { relationField: 'city', sourceType: 1 },
      { field: 'a', relationField: 'city', sourceType: 1 },
      { field: 'b', relationField: 'items-sku', sourceType: 1 },
      { field: 'c', relationField: 'tags', sourceType: 2 },
    ]);
    expect(paramListOf(f, read).map((p) => p.field)).toEqual(['a', 'b', 'c']);
    expect(templateSources(f)).toEqual(['city']);
  });

  test('autocomplete: "@keyword" takes the typed text; results are one per relationField value', () => {
    expect(
      withKeyword(
        [
          { field: 'q', defaultValue: '@keyword' },
          { field: 'r', defaultValue: 'x' },
        ],
        'ab',
      ),
    ).toEqual([
      { field: 'q', defaultValue: 'ab' },
      { field: 'r', defaultValue: 'x' },
    ]);
    expect(distinctBy([{ n: 'a' }, { n: 'b' }, { n: 'a' }], 'n')).toEqual([{ n: 'a' }, { n: 'b' }]);
  });
});
