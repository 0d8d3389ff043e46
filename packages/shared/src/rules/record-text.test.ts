import { describe, expect, test } from 'vitest';
import type { FormField } from '../schemas/formDefinition.ts';
import { displayValue, type NameKind, namedIds, valueText } from './record-text.ts';

const field = (jnpfKey: string, rest: Partial<FormField> = {}): FormField => ({
  __vModel__: 'f',
  __config__: { jnpfKey },
  ...rest,
});
const names: Record<string, string> = {
  'user:u1': '张三/zs',
  'organize:o1': '华东公司',
  'organize:d1': '财务部',
  'position:p1': '出纳员',
  'role:r1': '审计员',
  'group:g1': '读书会',
  'area:11': '北京市',
  'area:1101': '市辖区',
};
const nameOf = (kind: NameKind, id: string) => names[`${kind}:${id}`];
const noon = new Date(2024, 0, 15, 12, 30, 5).getTime();

describe('what a person reads for a stored value', () => {
  test.each([
    [field('userSelect'), 'u1', '张三/zs'],
    [field('userSelect', { multiple: true }), ['u1', 'gone'], '张三/zs,gone'],
    [field('usersSelect'), ['u1--user', 'd1--department', 'r1--role', 'g1--group'], '张三/zs,财务部,审计员,读书会'],
    [field('organizeSelect'), ['o1', 'd1'], '华东公司/财务部'],
    [field('organizeSelect', { multiple: true }), [['o1', 'd1'], ['o1']], '华东公司/财务部,华东公司'],
    [field('depSelect'), 'd1', '财务部'],
    [field('posSelect'), 'p1', '出纳员'],
    [field('roleSelect', { multiple: true }), ['r1'], '审计员'],
    [field('groupSelect'), 'g1', '读书会'],
    [field('areaSelect'), ['11', '1101'], '北京市/市辖区'],
    [field('createUser'), 'u1', '张三/zs'],
    [field('currOrganize'), 'o1', '华东公司'],
    [field('datePicker', { format: 'yyyy-MM-dd' }), noon, '2024-01-15'],
    [field('datePicker', { format: 'yyyy-MM' }), String(noon), '2024-01'],
    [field('createTime'), noon, '2024-01-15 12:30:05'],
    [field('switch', { activeTxt: '开', inactiveTxt: '关' }), 1, '开'],
    [field('switch', { activeTxt: '开', inactiveTxt: '关' }), 0, '关'],
    [field('switch'), 1, '是'],
    [field('slider'), 40, 40],
    [field('inputNumber'), 12.5, 12.5],
    [field('timeRange'), ['09:00', '18:00'], '09:00 ~ 18:00'],
    [field('location'), '{"fullAddress":"北京市朝阳区","lng":1}', '北京市朝阳区'],
    [field('select'), 'a', '甲'],
    [field('cascader'), ['a', 'b'], '甲/乙'],
    [field('checkbox'), ['a', 'b'], '甲,乙'],
  ])('%j %j -> %j', (f, value, shown) => {
    const options = [
      { value: 'a', label: '甲' },
      { value: 'b', label: '乙' },
    ];
    expect(displayValue(f, value, { nameOf, options, switchTexts: ['是', '否'] })).toEqual(shown);
  });

  test('the ids to look up, by kind', () => {
    expect(namedIds(field('usersSelect'), ['u1--user', 'd1--department'])).toEqual([
      { kind: 'user', id: 'u1' },
      { kind: 'organize', id: 'd1' },
    ]);
    expect(namedIds(field('areaSelect'), ['11', '1101'])).toEqual([
      { kind: 'area', id: '11' },
      { kind: 'area', id: '1101' },
    ]);
    expect(namedIds(field('input'), 'u1')).toEqual([]);
  });

  test('an export cell: files by name, numbers as numbers', () => {
    expect(valueText(field('uploadFile'), [{ name: '合同.pdf', fileId: 'x' }])).toBe('合同.pdf');
    expect(valueText(field('inputNumber'), 3)).toBe(3);
    expect(valueText(field('userSelect'), 'u1', { nameOf })).toBe('张三/zs');
  });
});
