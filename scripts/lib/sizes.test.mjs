import { describe, expect, test } from 'vitest';
import { isMeasured, measure, sizeProblems } from './sizes.mjs';

const body = (n) => Array.from({ length: n }, (_, i) => `  total += ${i};`).join('\n');
const fn = (name, n) => `export function ${name}() {\n  let total = 0;\n${body(n - 4)}\n  return total;\n}\n`;

describe('the size limits of docs/architecture.md', () => {
  test('a function over 150 lines is named with its owner chain; one of 150 is not', () => {
    const text = `${fn('long', 151)}${fn('fits', 150)}class Engine {\n  run() {\n${body(160)}\n  }\n}\n`;
    const { functions } = measure('apps/server/src/x.ts', text);
    expect(functions).toEqual([
      { name: 'long', lines: 151 },
      { name: 'Engine.run', lines: 162 },
    ]);
  });

  test('a planted oversize file and function fail; allowed ones may shrink, never grow, and stale entries are named', () => {
    const measured = new Map([
      ['apps/web/src/a.tsx', { lines: 601, functions: [{ name: 'Page', lines: 151 }] }],
      ['apps/web/src/b.ts', { lines: 700, functions: [] }],
      ['apps/web/src/c.ts', { lines: 650, functions: [{ name: 'big', lines: 200 }] }],
    ]);
    const allowance = {
      files: { 'apps/web/src/b.ts': 650, 'apps/web/src/c.ts': 900, 'apps/web/src/gone.ts': 800 },
      functions: { 'apps/web/src/c.ts#big': 300, 'apps/web/src/c.ts#split': 200 },
    };
    expect(sizeProblems(measured, allowance)).toEqual([
      'apps/web/src/a.tsx: 601 lines (limit 600): split it along its seams',
      'apps/web/src/a.tsx#Page: 151 lines (limit 150): split it',
      'apps/web/src/b.ts: 700 lines, more than the 650 it was allowed: split it, do not grow it',
      'apps/web/src/gone.ts: now within 600 lines: remove it from scripts/size-allowance.json',
      'apps/web/src/c.ts#split: now within 150 lines (or gone): remove it from scripts/size-allowance.json',
    ]);
  });

  test('tests, locales, wire schemas, table types and migrations are not measured', () => {
    expect(isMeasured('apps/server/src/modules/workflow/engine.service.ts')).toBe(true);
    expect(isMeasured('apps/web/src/features/user/pages/UserPage.tsx')).toBe(true);
    for (const file of [
      'apps/server/test/auth.test.ts',
      'apps/web/src/shared/form-engine/form-engine.test.tsx',
      'apps/web/src/features/user/locales/zh-CN.ts',
      'packages/shared/src/schemas/workflow.ts',
      'apps/server/src/db/schema.ts',
      'apps/server/src/db/migrations/0007_messaging.ts',
      'bench/tab-switch.ts',
    ])
      expect(isMeasured(file)).toBe(false);
  });
});
