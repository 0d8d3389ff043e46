import { describe, expect, test } from 'vitest';
import {
  addCard,
  findCard,
  fittedRowHeight,
  placeCards,
  placeIn,
  provinceName,
  provinceValues,
  readFormData,
  refreshMillis,
  removeCard,
  seriesOf,
  updateCard,
  writeFormData,
} from './layout.ts';

const empty = readFormData('');

describe('portal layout model', () => {
  test('cards are added below the others with fresh ids, inside a card or tab when asked', () => {
    let data = addCard(empty, 'barChart', '柱状图');
    data = addCard(data, 'notice', '公告');
    data = addCard(data, 'tab', '标签');
    expect(data.layout.map((c) => [c.i, c.y])).toEqual([
      ['card1', 0],
      ['card2', 24],
      ['card3', 48],
    ]);
    data = addCard(data, 'text', '文本', 'card3');
    expect(findCard(data.layout, 'card4')).toMatchObject({ jnpfKey: 'text', x: 0, y: 0 });
    expect(data.layout[2]?.children?.map((c) => c.i)).toEqual(['card4']);
    // A parent that does not hold children takes nothing.
    const unchanged = addCard(data, 'text', '文本', 'card1');
    expect(findCard(unchanged.layout, 'card5')).toBeUndefined();
  });

  test('a card dropped from the palette lands where it was dropped, in the grid it was dropped on', () => {
    let data = addCard(addCard(empty, 'text', 'a'), 'card', '卡片');
    data = addCard(data, 'barChart', '柱状图', undefined, { x: 6, y: 3, w: 6, h: 24 });
    expect(findCard(data.layout, 'card3')).toMatchObject({ jnpfKey: 'barChart', x: 6, y: 3, w: 6, h: 24 });
    data = addCard(data, 'notice', '公告', 'card2', { x: 4, y: 0, w: 8, h: 20 });
    expect(findCard(data.layout, 'card2')?.children).toEqual([
      expect.objectContaining({ i: 'card4', jnpfKey: 'notice', x: 4, y: 0, w: 8, h: 20 }),
    ]);
  });

  test('a data screen fits its rows to the window, within bounds', () => {
    const data = addCard(addCard(empty, 'text', 'a'), 'barChart', 'b', undefined, { x: 6, y: 0, w: 6, h: 40 });
    // 40 rows and 41 margins of 10 px in 1010 px: 15 px rows.
    expect(fittedRowHeight(data.layout, 1010)).toBe(15);
    expect(fittedRowHeight(data.layout, 100)).toBe(4);
    expect(fittedRowHeight(data.layout, 100_000)).toBe(60);
    expect(fittedRowHeight([], 800)).toBe(10);
  });

  test('map rows name provinces as the map does and add up per province', () => {
    expect(
      ['广东省', '广西壮族自治区', '北京市', '新疆维吾尔自治区', '香港特别行政区', ' 四川 '].map(provinceName),
    ).toEqual(['广东', '广西', '北京', '新疆', '香港', '四川']);
    expect(
      provinceValues([
        { name: '广东省', type: 'A', value: 2 },
        { name: '广东', type: 'B', value: '3' },
        { name: '北京市', value: 'x' },
        { name: '' },
      ]),
    ).toEqual([
      { name: '广东', value: 5 },
      { name: '北京', value: 0 },
    ]);
  });

  test('a grid report moves only the cards it names and answers the same cards when nothing moved', () => {
    const data = addCard(addCard(empty, 'text', 'a'), 'text', 'b');
    const same = placeCards(
      data.layout,
      data.layout.map(({ i, x, y, w, h }) => ({ i, x, y, w, h })),
    );
    expect(same).toBe(data.layout);
    expect(placeIn(data, undefined, [{ i: 'card1', x: 0, y: 0, w: 6, h: 10 }])).toBe(data);
    const moved = placeIn(data, undefined, [{ i: 'card2', x: 6, y: 0, w: 6, h: 12 }]);
    expect(moved.layout.map((c) => [c.i, c.x, c.y, c.w, c.h])).toEqual([
      ['card1', 0, 0, 6, 10],
      ['card2', 6, 0, 6, 12],
    ]);
  });

  test('nested grids move their own cards; update and remove reach nested cards', () => {
    let data = addCard(addCard(empty, 'card', '卡片'), 'pieChart', '饼图', 'card1');
    data = placeIn(data, 'card1', [{ i: 'card2', x: 3, y: 0, w: 6, h: 20 }]);
    expect(findCard(data.layout, 'card2')).toMatchObject({ x: 3, w: 6 });
    data = updateCard(data, 'card2', { title: '占比', dataType: 'dynamic', propsApi: 'api1' });
    expect(findCard(data.layout, 'card2')).toMatchObject({ title: '占比', dataType: 'dynamic', propsApi: 'api1' });
    data = removeCard(data, 'card2');
    expect(findCard(data.layout, 'card2')).toBeUndefined();
    expect(data.layout[0]?.children).toEqual([]);
  });

  test('formData round-trips; unreadable text is an empty portal; refresh only when switched on', () => {
    const data = { ...addCard(empty, 'lineChart', '折线图'), refresh: { autoRefresh: true, autoRefreshTime: 30 } };
    expect(readFormData(writeFormData(data))).toEqual(data);
    expect(readFormData('{oops')).toEqual(empty);
    expect(readFormData('{"layout":[{"i":"a"}]}')).toEqual(empty);
    expect(refreshMillis(data)).toBe(30_000);
    expect(refreshMillis({ ...data, refresh: { autoRefresh: false, autoRefreshTime: 30 } })).toBe(0);
  });

  test('chart rows become categories and one series per type, missing points as 0', () => {
    expect(
      seriesOf([
        { name: '一月', type: 'A', value: 1 },
        { name: '二月', type: 'A', value: '2' },
        { name: '一月', type: 'B', value: 3 },
      ]),
    ).toEqual({
      names: ['一月', '二月'],
      series: [
        { name: 'A', values: [1, 2] },
        { name: 'B', values: [3, 0] },
      ],
    });
  });
});
