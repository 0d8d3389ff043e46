import { Compile } from 'typebox/compile';
import { describe, expect, test } from 'vitest';
import { maxPageSize, PageQuery } from './paging.ts';

describe('PageQuery', () => {
  const check = Compile(PageQuery);
  test.each([
    [{}, true],
    [{ currentPage: 2, pageSize: 50, sort: 'asc', sidx: 'creatorTime', keyword: '张' }, true],
    [{ pageSize: maxPageSize + 1 }, false],
    [{ currentPage: 0 }, false],
    [{ sort: 'sideways' }, false],
    [{ sidx: 'name; drop table x' }, false],
  ])('%j valid: %s', (query, valid) => {
    expect(check.Check(query)).toBe(valid);
  });
});
