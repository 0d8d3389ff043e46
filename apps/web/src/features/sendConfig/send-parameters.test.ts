import { describe, expect, test } from 'vitest';
import { paramMap, sendParameters } from './send-parameters.ts';

describe('test-send parameters', () => {
  test('each field once across the templates, in order, named by the first template that names it', () => {
    expect(
      sendParameters([
        { templateParamList: [{ field: 'name', fieldName: 'name' }] },
        {
          templateParamList: [
            { field: 'code', fieldName: '单号' },
            { field: 'name', fieldName: '姓名' },
          ],
        },
        { templateParamList: [{ field: 'name', fieldName: '申请人' }] },
      ]),
    ).toEqual([
      { field: 'name', fieldName: '姓名' },
      { field: 'code', fieldName: '单号' },
    ]);
  });

  test('no templates, no parameters', () => {
    expect(sendParameters([])).toEqual([]);
  });

  test('empty values are left out of the paramMap', () => {
    expect(paramMap({ name: '张三', code: '', date: '  ', other: undefined })).toEqual({ name: '张三' });
    expect(paramMap(undefined)).toEqual({});
  });
});
