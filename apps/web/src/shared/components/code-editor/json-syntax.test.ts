import { describe, expect, test } from 'vitest';
import { jsonSyntaxError } from './json-syntax.ts';

describe('jsonSyntaxError names where a JSON text goes wrong', () => {
  test.each([
    ['[{"id":"1"}]', null],
    ['{"a": [1, 2, {"b": null}]}', null],
    // Placed by the engine's message.
    ['[{"id": 1,}]', { line: 1, column: 11 }],
    ['[\n  {"a": 1\n  "b": 2}\n]', { line: 3, column: 3 }],
    ['[1, 2', { line: 1, column: 6 }],
    ['', { line: 1, column: 1 }],
    // V8 names no place for these ("Unexpected token ']'"): placed by the JSON grammar.
    ['[\n  {"id": "1"},\n]', { line: 3, column: 1 }],
    ['[tru]', { line: 1, column: 2 }],
  ])('%j', async (text, expected) => {
    expect(await jsonSyntaxError(text)).toEqual(expected);
  });
});
