import { describe, expect, test } from 'vitest';
import { contrast } from '../../theme-contrast.ts';
import { codeBackgrounds, codeColours } from './code-colours.ts';

describe('highlighted code reads at AA contrast', () => {
  for (const mode of ['light', 'dark'] as const) {
    test.each(Object.entries(codeColours[mode]))(`${mode}: %s`, (_, colour) => {
      expect(contrast(colour, codeBackgrounds[mode])).toBeGreaterThanOrEqual(4.5);
    });
  }
});
