import { describe, expect, test } from 'vitest';
import { columnWidth, treeNodeValues, treePanelNodes, treePanelOf } from './list-definition.ts';

describe('column widths, as older definitions wrote them too', () => {
  test.each<[unknown, number | null]>([
    [120, 120],
    ['120', 120],
    ['120px', 120],
    [' 96 PX ', 96],
    ['80.4', 80],
    [null, null],
    [undefined, null],
    ['', null],
    ['auto', null],
    ['20%', null],
    [0, null],
    [-5, null],
    ['0px', null],
    [Number.NaN, null],
  ])('%j -> %j', (value, width) => {
    expect(columnWidth(value)).toBe(width);
  });
});

describe('the tree panel of a type 2 list', () => {
  const dictionaryTree = { type: 2, treeDataSource: 'dictionary', treeDictionary: 'd1', treeRelation: 'region' };

  test('a dictionary tree with its defaults', () => {
    expect(treePanelOf({ ...dictionaryTree, treeTitle: '区域' })).toEqual({
      title: '区域',
      source: 'dictionary',
      dictionary: 'd1',
      interfaceId: '',
      value: 'id',
      label: 'fullName',
      children: 'children',
      relation: 'region',
    });
  });

  test.each([
    ['another list type', { ...dictionaryTree, type: 1 }],
    ['no related field', { ...dictionaryTree, treeRelation: '' }],
    ['a dictionary tree without its dictionary', { ...dictionaryTree, treeDictionary: '' }],
    ['an interface tree without its interface', { ...dictionaryTree, treeDataSource: 'api' }],
  ])('none with %s', (_, list) => {
    expect(treePanelOf(list)).toBeNull();
  });

  test('an interface tree names its value, label and children properties; the organisation tree needs no source', () => {
    const api = treePanelOf({
      type: 2,
      treeDataSource: 'api',
      treePropsUrl: 'i1',
      treePropsValue: 'code',
      treePropsLabel: 'name',
      treePropsChildren: 'items',
      treeRelation: 'code',
    });
    expect(api).toMatchObject({ source: 'api', interfaceId: 'i1', value: 'code', label: 'name', children: 'items' });
    expect(treePanelOf({ type: 2, treeDataSource: 'organize', treeRelation: 'dept' })?.source).toBe('organize');
  });

  test('nodes from rows; a chosen node stands for itself and everything below it', () => {
    const nodes = treePanelNodes(
      [
        {
          code: 'east',
          name: '华东',
          items: [
            { code: 'sh', name: '上海' },
            { code: 'js', items: [{ code: 'nj', name: '南京' }] },
          ],
        },
        { name: '无值', items: [{ code: 'west', name: '西部' }] },
        'not a row',
      ],
      { value: 'code', label: 'name', children: 'items' },
    );
    expect(nodes.map((n) => n.label)).toEqual(['华东', '西部']);
    expect(nodes[0]?.children[1]?.label).toBe('js');
    expect(treeNodeValues(nodes[0] as (typeof nodes)[0])).toEqual(['east', 'sh', 'js', 'nj']);
  });
});
