import { describe, expect, test } from 'vitest';
import { themeColors } from '../app/settings-store.ts';
import { contrast, contrastShades } from './theme-contrast.ts';

describe('theme shades keep AA contrast', () => {
  test('the WCAG ratio of known pairs', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrast('#1677ff', '#ffffff')).toBeLessThan(4.5);
  });

  test.each(Object.entries(themeColors))('%s: white on the fill, and the text shade on the page', (_, color) => {
    const light = contrastShades(color, 'light');
    expect(contrast(light.fill, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(light.text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    const dark = contrastShades(color, 'dark');
    expect(contrast(dark.fill, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dark.text, '#141414')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dark.text, '#1f1f1f')).toBeGreaterThanOrEqual(4.5);
    // Under the pointer and pressed, a solid button still carries white text, a link still reads.
    for (const shades of [light, dark]) {
      expect(contrast(shades.fillHover, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(shades.fillActive, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(shades.fillHover).not.toBe(shades.fill);
    }
    expect(contrast(light.textHover, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dark.textHover, '#1f1f1f')).toBeGreaterThanOrEqual(4.5);
  });

  test('a colour that already passes is kept', () => {
    expect(contrastShades('#000080', 'light')).toMatchObject({ fill: '#000080', text: '#000080' });
  });
});
