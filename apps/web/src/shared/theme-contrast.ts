/**
 * Colours that keep WCAG 2.1 AA contrast (4.5:1 for text) whatever theme colour a person picks.
 * A theme colour names a hue; the shades the interface draws with are derived from it: a fill shade
 * that carries white text (solid buttons, today's date), and a text shade that reads on the page's
 * background (links, the selected menu item and tab). In light mode one darker shade does both; in
 * dark mode no single shade can (white text needs a dark fill, text on a near-black page needs a
 * light one), so the two differ.
 */

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG 2.1 relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.1 contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex` mixed towards `toward` step by step until it reaches `ratio` against `against` (or becomes `toward`). */
function shadeUntil(hex: string, toward: string, against: string, ratio: number): string {
  const from = parseHex(hex);
  const to = parseHex(toward);
  for (let step = 0; step <= 40; step++) {
    const t = step / 40;
    const mixed = toHex(from.map((c, i) => c + ((to[i] as number) - c) * t) as Rgb);
    if (contrast(mixed, against) >= ratio) return mixed;
  }
  return toward;
}

// A little above 4.5, so that text on the faint tints antd lays under selected items still passes.
const textRatio = 5;
const white = '#ffffff';
const black = '#000000';
/** antd's dark algorithm draws containers at #141414 and raised panels at #1f1f1f. */
const darkPanel = '#1f1f1f';

/** `hex` moved the fraction `t` of the way towards `toward`. */
function mix(hex: string, toward: string, t: number): string {
  const from = parseHex(hex);
  const to = parseHex(toward);
  return toHex(from.map((c, i) => c + ((to[i] as number) - c) * t) as Rgb);
}

export interface ContrastShades {
  /** Carries white text. */
  fill: string;
  /** The fill under the pointer and while pressed: still carries white text (antd lightens it, which would not). */
  fillHover: string;
  fillActive: string;
  /** Reads on the page's background. */
  text: string;
  /** The text under the pointer: a step further from the background, so it still reads. */
  textHover: string;
}

export function contrastShades(color: string, mode: 'light' | 'dark'): ContrastShades {
  const fill = shadeUntil(color, black, white, mode === 'light' ? textRatio : 4.6);
  const text = mode === 'light' ? fill : shadeUntil(color, white, darkPanel, textRatio);
  return {
    fill,
    fillHover: mix(fill, black, 0.15),
    fillActive: mix(fill, black, 0.28),
    text,
    textHover: mix(text, mode === 'light' ? black : white, 0.2),
  };
}

/** Secondary, description and placeholder text: antd's defaults (45 % and 25 % ink) fall below 4.5:1. */
export function quietText(mode: 'light' | 'dark'): string {
  return mode === 'light' ? 'rgba(0, 0, 0, 0.6)' : 'rgba(255, 255, 255, 0.62)';
}
