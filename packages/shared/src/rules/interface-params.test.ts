import { describe, expect, test } from 'vitest';
import type { FormField } from '../schemas/formDefinition.ts';
import { interfaceLabelsOf } from './interface-params.ts';

const field = (jnpfKey: string, config: object = {}, rest: object = {}): FormField => ({
  __vModel__: 'f',
  __config__: { jnpfKey, ...config },
  ...rest,
});

describe('where a field’s values get their labels from a data interface', () => {
  test.each([
    [
      'a choice field fed by an interface',
      field('select', { dataType: 'dynamic', propsUrl: 'i1' }, { props: { value: 'code', label: 'title' } }),
      { interfaceId: 'i1', valueKey: 'code', labelKey: 'title' },
    ],
    [
      'its columns by default',
      field('radio', { dataType: 'dynamic', propsUrl: 'i1' }),
      { interfaceId: 'i1', valueKey: 'id', labelKey: 'fullName' },
    ],
    [
      'a popup select',
      field('popupSelect', {}, { interfaceId: 'i2', propsValue: 'code', relationField: 'name' }),
      { interfaceId: 'i2', valueKey: 'code', labelKey: 'name' },
    ],
    [
      'a table select',
      field('popupTableSelect', {}, { interfaceId: 'i3' }),
      { interfaceId: 'i3', valueKey: 'id', labelKey: 'fullName' },
    ],
    ['a popup select without an interface', field('popupSelect'), null],
    ['an autoComplete (it stores the text)', field('autoComplete', {}, { interfaceId: 'i4' }), null],
    ['a dictionary select', field('select', { dataType: 'dictionary', dictionaryType: 'd' }), null],
    ['static options', field('select', { dataType: 'static' }), null],
  ])('%s', (_, given, expected) => {
    expect(interfaceLabelsOf(given)).toEqual(expected);
  });
});
