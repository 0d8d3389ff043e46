/**
 * The colours of highlighted code, one set for a light editor and one for a dark: each reads at
 * 4.5:1 or more on its background (code-colours.test.ts), which syntax themes made for looks often
 * miss (comments especially).
 */
export interface CodeColours {
  keyword: string;
  string: string;
  number: string;
  literal: string;
  property: string;
  comment: string;
  invalid: string;
}

export const codeColours: Record<'light' | 'dark', CodeColours> = {
  light: {
    keyword: '#8a1f9c',
    string: '#a31515',
    number: '#0b6a3b',
    literal: '#0033b3',
    property: '#0451a5',
    comment: '#5c6370',
    invalid: '#c4001d',
  },
  dark: {
    keyword: '#d7a4ee',
    string: '#f2a48e',
    number: '#9fd9a9',
    literal: '#8fb8ff',
    property: '#8cc8ff',
    comment: '#a0a8b0',
    invalid: '#ff8a80',
  },
};

/** The backgrounds they are drawn on: antd's container colour in each mode. */
export const codeBackgrounds = { light: '#ffffff', dark: '#141414' } as const;
