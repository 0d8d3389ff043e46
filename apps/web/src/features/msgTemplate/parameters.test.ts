import { describe, expect, test } from 'vitest';
import { namedFields, withNamedParameters } from './parameters.ts';

describe('template parameters', () => {
  test('the fields named in title and content, once each, in order of appearance', () => {
    expect(namedFields('{name} 的申请已通过', '<p>单号 {code}，申请人 {name}</p>')).toEqual(['name', 'code']);
  });

  test('what is not a placeholder is not a parameter', () => {
    expect(namedFields('{1abc} { name } {na-me} {} {_ok} {ok2}', null, undefined)).toEqual(['_ok', 'ok2']);
  });

  test('newly named fields are appended unnamed; listed ones keep their names, named or not', () => {
    const listed = [
      { field: 'name', fieldName: '姓名' },
      { field: 'extra', fieldName: '附加' },
    ];
    expect(withNamedParameters(listed, '{name} 提交了 {code}', '{date}')).toEqual([
      { field: 'name', fieldName: '姓名' },
      { field: 'extra', fieldName: '附加' },
      { field: 'code', fieldName: '' },
      { field: 'date', fieldName: '' },
    ]);
  });

  test('the same list when the texts name nothing new, so a form is not rewritten', () => {
    const listed = [{ field: 'name', fieldName: '姓名' }];
    expect(withNamedParameters(listed, '{name}')).toBe(listed);
  });
});
