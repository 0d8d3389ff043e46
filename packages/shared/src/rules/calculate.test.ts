import { describe, expect, test } from 'vitest';
import {
  type CalcExpressionItem,
  CalcSyntaxError,
  calculateField,
  evaluateExpression,
  expressionItemsToTokens,
  isValidExpression,
  toCalcNumber,
  tokenizeExpression,
} from './calculate.ts';

describe('validity: odd token count, number first and last, alternating, balanced parentheses', () => {
  test.each<[string | CalcExpressionItem[], boolean]>([
    ['1', true],
    ['a', true],
    ['a + b', true],
    ['a + b × c', true],
    ['(a + b) × c', true],
    ['a × (b - c) ÷ 2', true],
    ['(a)', true],
    ['((a))', true],
    ['1 ÷ 0', true],
    ['a * b / c', true],
    ['{单价} × {数量}', true],
    ['tableField1.price × 2', true],
    ['', false],
    ['+', false],
    ['a +', false],
    ['+ a', false],
    ['a b', false],
    ['a + + b', false],
    ['a + b c', false],
    ['(a + b', false],
    ['a + b)', false],
    [')a(', false],
    ['()', false],
    ['a + ()', false],
    ['a (b)', false],
    ['(a) b', false],
    ['(a +) b', false],
    ['a # b', false],
    ['{a', false],
    [[{ __vModel__: 'a' }, '+', 1], true],
    [['(', 'a', '+', 'b', ')', '×', 2], true],
    [['a', '+'], false],
    [['×', 'a'], false],
    [[], false],
  ])('%j → %s', (expression, expected) => {
    expect(isValidExpression(expression)).toBe(expected);
  });
});

describe('tokenizer', () => {
  test('splits numbers, fields, operators and parentheses', () => {
    expect(tokenizeExpression('(a+1.5)×{单 价}')).toEqual([
      { type: 'paren', value: '(' },
      { type: 'field', name: 'a' },
      { type: 'operator', value: '+' },
      { type: 'number', value: 1.5 },
      { type: 'paren', value: ')' },
      { type: 'operator', value: '×' },
      { type: 'field', name: '单 价' },
    ]);
  });

  test('stored items become tokens', () => {
    expect(expressionItemsToTokens([{ __vModel__: 'qty', label: '数量' }, '÷', '2', 3])).toEqual([
      { type: 'field', name: 'qty' },
      { type: 'operator', value: '÷' },
      { type: 'number', value: 2 },
      { type: 'number', value: 3 },
    ]);
  });

  test('unknown characters throw', () => {
    expect(() => tokenizeExpression('a ^ b')).toThrow(CalcSyntaxError);
  });
});

const values = {
  a: 2,
  b: 3,
  c: 4,
  s: 'abc',
  n: '5',
  blank: '',
  nul: null,
  arr: [],
  bool: true,
  tbl: [{ price: 1.5 }, { price: '2' }, { price: 'x' }, null],
};

describe('evaluation with + - × ÷ and parentheses (invalid values as 0)', () => {
  test.each<[string | CalcExpressionItem[], number]>([
    ['a + b', 5],
    ['a + b × c', 14],
    ['(a + b) × c', 20],
    ['a - b - c', -5],
    ['c ÷ a ÷ 2', 1],
    ['a × (b + c) - 1', 13],
    ['10 ÷ 4', 2.5],
    ['((a))', 2],
    ['a * b', 6],
    ['c / a', 2],
    ['missing + 1', 1],
    ['s + 1', 1],
    ['n + 1', 6],
    ['blank + 1', 1],
    ['nul + 1', 1],
    ['arr + 1', 1],
    ['bool + 1', 1],
    ['.5 + .5', 1],
    ['tbl.price', 3.5],
    ['tbl.price × 2', 7],
    ['nothing.price + 1', 1],
    [[{ __vModel__: 'a' }, '×', '(', { __vModel__: 'b' }, '+', 1, ')'], 8],
  ])('%j → %d', (expression, expected) => {
    expect(evaluateExpression(expression, values)).toBe(expected);
  });

  test('an invalid expression throws', () => {
    expect(() => evaluateExpression('a +', values)).toThrow(CalcSyntaxError);
  });

  test.each<[unknown, number]>([
    [3, 3],
    ['3.5', 3.5],
    [' 7 ', 7],
    ['', 0],
    ['x', 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [null, 0],
    [undefined, 0],
    [{}, 0],
  ])('toCalcNumber(%j) → %d', (value, expected) => {
    expect(toCalcNumber(value)).toBe(expected);
  });
});

describe('calculateField: NaN to 0, rounding, thousands and capital amount', () => {
  test.each<[Parameters<typeof calculateField>[0], Record<string, unknown>, number, string, string]>([
    [{ expression: 'a ÷ b', precision: 2 }, { a: 1, b: 3 }, 0.33, '0.33', ''],
    [{ expression: 'a ÷ b' }, { a: 2, b: 3 }, 1, '1', ''],
    [{ expression: 'a ÷ b', precision: 2 }, { a: 1, b: 0 }, 0, '0.00', ''],
    [{ expression: '0 ÷ 0' }, {}, 0, '0', ''],
    [{ expression: 'a +' }, { a: 5 }, 0, '0', ''],
    [{ expression: 'a × b', precision: 2, thousands: true }, { a: 1234.5, b: 1000 }, 1234500, '1,234,500.00', ''],
    [{ expression: 'a + b', precision: 2, isAmountChinese: true }, { a: 10, b: 0.05 }, 10.05, '10.05', '壹拾元零伍分'],
    [{ expression: 'a - b', isAmountChinese: true }, { a: 1, b: 3 }, -2, '-2', '负数贰元整'],
    [{ expression: 'a', precision: 0 }, { a: 2.5 }, 3, '3', ''],
    [{ expression: 'a', precision: 2 }, { a: 1.005 }, 1.01, '1.01', ''],
    [{ expression: 'a + b', precision: 1 }, { a: 0.1, b: 0.2 }, 0.3, '0.3', ''],
    [{ expression: 'a', isAmountChinese: true }, { a: 0 }, 0, '0', '零元整'],
    [{ expression: 'a + b', precision: 2 }, { a: 1.234, b: 1.111 }, 2.35, '2.35', ''],
    [{ expression: 'a × 3', precision: 1 }, { a: 0.15 }, 0.5, '0.5', ''],
    [
      {
        expression: [{ __vModel__: 'q' }, '×', { __vModel__: 'p' }],
        precision: 2,
        thousands: true,
        isAmountChinese: true,
      },
      { q: 3, p: '1999.99' },
      5999.97,
      '5,999.97',
      '伍仟玖佰玖拾玖元玖角柒分',
    ],
  ])('%j with %j', (config, vals, value, text, amount) => {
    expect(calculateField(config, vals)).toEqual({ value, text, amountChinese: amount });
  });
});
