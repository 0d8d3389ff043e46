import { toChineseAmount } from './amount-in-words.ts';
import { roundTo, thousandsFormat, toFixedPrecision } from './number-format.ts';

export type CalcOperator = '+' | '-' | '×' | '÷';

export type CalcToken =
  | { type: 'number'; value: number }
  | { type: 'field'; name: string }
  | { type: 'operator'; value: CalcOperator }
  | { type: 'paren'; value: '(' | ')' };

/** A token of the stored expression list: an operator or parenthesis, a number, or a field reference. */
export type CalcExpressionItem = string | number | { __vModel__: string; label?: string };

const OPERATOR_ALIASES: Record<string, CalcOperator> = { '+': '+', '-': '-', '×': '×', '÷': '÷', '*': '×', '/': '÷' };

export class CalcSyntaxError extends Error {
  override name = 'CalcSyntaxError';
}

/**
 * Splits formula text into tokens. Numbers are decimal literals; field names are identifiers
 * (letters, digits, _, $ and dots for sub-table columns such as `tableField1.price`) or any text in braces
 * (`{单价}`). Operators are + - × ÷ (also * and /).
 */
export function tokenizeExpression(text: string): CalcToken[] {
  const tokens: CalcToken[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text.charAt(i);
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const op = OPERATOR_ALIASES[ch];
    if (op) {
      tokens.push({ type: 'operator', value: op });
      i++;
      continue;
    }
    if (ch === '(' || ch === ')') {
      tokens.push({ type: 'paren', value: ch });
      i++;
      continue;
    }
    const num = /^(?:\d+\.?\d*|\.\d+)/.exec(text.slice(i));
    if (num) {
      tokens.push({ type: 'number', value: Number(num[0]) });
      i += num[0].length;
      continue;
    }
    if (ch === '{') {
      const end = text.indexOf('}', i + 1);
      if (end < 0) throw new CalcSyntaxError(`unclosed brace at ${i}`);
      tokens.push({ type: 'field', name: text.slice(i + 1, end).trim() });
      i = end + 1;
      continue;
    }
    const ident = /^[A-Za-z_$\u4e00-\u9fa5][\w$.\u4e00-\u9fa5]*/.exec(text.slice(i));
    if (ident) {
      tokens.push({ type: 'field', name: ident[0] });
      i += ident[0].length;
      continue;
    }
    throw new CalcSyntaxError(`unexpected character '${ch}' at ${i}`);
  }
  return tokens;
}

/** Turns the stored expression list (strings, numbers, field objects) into tokens. */
export function expressionItemsToTokens(items: readonly CalcExpressionItem[]): CalcToken[] {
  return items.map((item): CalcToken => {
    if (typeof item === 'number') return { type: 'number', value: item };
    if (typeof item === 'object') return { type: 'field', name: item.__vModel__ };
    const text = item.trim();
    const op = OPERATOR_ALIASES[text];
    if (op) return { type: 'operator', value: op };
    if (text === '(' || text === ')') return { type: 'paren', value: text };
    if (/^(?:\d+\.?\d*|\.\d+)$/.test(text)) return { type: 'number', value: Number(text) };
    return { type: 'field', name: text };
  });
}

function toTokens(expression: string | readonly CalcExpressionItem[] | readonly CalcToken[]): CalcToken[] {
  if (typeof expression === 'string') return tokenizeExpression(expression);
  if (expression.length > 0 && isTokenList(expression)) return [...expression];
  return expressionItemsToTokens(expression as readonly CalcExpressionItem[]);
}

function isTokenList(list: readonly (CalcExpressionItem | CalcToken)[]): list is readonly CalcToken[] {
  const first = list[0];
  return typeof first === 'object' && first !== null && 'type' in first;
}

/**
 * The validity rule of widgets.md §5: leaving parentheses aside, the tokens are odd in number, start and
 * end with a number (or field) and alternate number and operator. Parentheses must also balance and
 * enclose a non-empty sub-expression.
 */
export function isValidExpression(expression: string | readonly CalcExpressionItem[] | readonly CalcToken[]): boolean {
  let tokens: CalcToken[];
  try {
    tokens = toTokens(expression);
  } catch {
    return false;
  }
  const flat = tokens.filter((t) => t.type !== 'paren');
  if (flat.length % 2 === 0) return false;
  for (let i = 0; i < flat.length; i++) {
    const isOperand = flat[i]?.type !== 'operator';
    if (isOperand !== (i % 2 === 0)) return false;
  }
  let depth = 0;
  let prev: CalcToken | undefined;
  for (const t of tokens) {
    if (t.type === 'paren') {
      if (t.value === '(') {
        if (prev && prev.type !== 'operator' && !(prev.type === 'paren' && prev.value === '(')) return false;
        depth++;
      } else {
        if (!prev || prev.type === 'operator' || (prev.type === 'paren' && prev.value === '(')) return false;
        depth--;
        if (depth < 0) return false;
      }
    }
    prev = t;
  }
  return depth === 0;
}

/** Field values read by the formula: a key of the form, or `table.column` summed over a sub-table's rows. */
export type CalcValues = Readonly<Record<string, unknown>>;

/** A component value as a number; anything not numeric counts as 0. */
export function toCalcNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return 0;
    const n = Number(text);
    return Number.isFinite(n) ? n : 0;
  }
  return 0;
}

function fieldValue(name: string, values: CalcValues): number {
  if (Object.hasOwn(values, name)) return toCalcNumber(values[name]);
  const dot = name.indexOf('.');
  if (dot > 0) {
    const rows = values[name.slice(0, dot)];
    const column = name.slice(dot + 1);
    if (Array.isArray(rows)) {
      return rows.reduce<number>((sum, row) => {
        if (typeof row !== 'object' || row === null) return sum;
        return sum + toCalcNumber((row as Record<string, unknown>)[column]);
      }, 0);
    }
  }
  return 0;
}

function applyOperator(op: CalcOperator, a: number, b: number): number {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '×':
      return a * b;
    case '÷':
      return a / b;
  }
}

/** Evaluates the formula (× ÷ before + -, left to right) over field values. Throws CalcSyntaxError when invalid. */
export function evaluateExpression(
  expression: string | readonly CalcExpressionItem[] | readonly CalcToken[],
  values: CalcValues = {},
): number {
  const tokens = toTokens(expression);
  if (!isValidExpression(tokens)) throw new CalcSyntaxError('invalid expression');
  let pos = 0;
  const peek = () => tokens[pos];
  const parsePrimary = (): number => {
    const t = tokens[pos++];
    if (!t) throw new CalcSyntaxError('unexpected end');
    if (t.type === 'number') return t.value;
    if (t.type === 'field') return fieldValue(t.name, values);
    if (t.type === 'paren' && t.value === '(') {
      const v = parseSum();
      pos++; // the matching ')' is guaranteed by isValidExpression
      return v;
    }
    throw new CalcSyntaxError('unexpected token');
  };
  const parseProduct = (): number => {
    let v = parsePrimary();
    for (let t = peek(); t?.type === 'operator' && (t.value === '×' || t.value === '÷'); t = peek()) {
      pos++;
      v = applyOperator(t.value, v, parsePrimary());
    }
    return v;
  };
  const parseSum = (): number => {
    let v = parseProduct();
    for (let t = peek(); t?.type === 'operator' && (t.value === '+' || t.value === '-'); t = peek()) {
      pos++;
      v = applyOperator(t.value, v, parseProduct());
    }
    return v;
  };
  return parseSum();
}

export interface CalculateConfig {
  expression: string | readonly CalcExpressionItem[];
  /** Decimals of the result (widget default 0). */
  precision?: number;
  thousands?: boolean;
  isAmountChinese?: boolean;
}

export interface CalculateResult {
  /** The rounded number stored in the field. */
  value: number;
  /** The display text: fixed precision, with thousands separators when configured. */
  text: string;
  /** The capital amount of the value when isAmountChinese is set, otherwise ''. */
  amountChinese: string;
}

/**
 * The calculate field: evaluates, turns NaN, infinities and formula errors into 0, rounds to the precision,
 * and builds the display texts.
 */
export function calculateField(config: CalculateConfig, values: CalcValues = {}): CalculateResult {
  const precision = config.precision ?? 0;
  let raw: number;
  try {
    raw = evaluateExpression(config.expression, values);
  } catch {
    raw = 0;
  }
  if (!Number.isFinite(raw)) raw = 0;
  // Settle float noise of the arithmetic (0.1 × 3 = 0.30000000000000004) before the configured rounding.
  const value = roundTo(roundTo(raw, 10), precision) || 0;
  const fixed = toFixedPrecision(value, precision);
  return {
    value,
    text: config.thousands ? thousandsFormat(fixed) : fixed,
    amountChinese: config.isAmountChinese ? toChineseAmount(value) : '',
  };
}
