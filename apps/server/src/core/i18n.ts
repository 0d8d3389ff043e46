import { en } from './locales/en.ts';
import { type Catalog, type MessageKey, zhCN } from './locales/zh-CN.ts';
import { zhTW } from './locales/zh-TW.ts';

export type Lang = 'zh-CN' | 'zh-TW' | 'en';
export type { MessageKey };
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

const catalogs: Record<Lang, Catalog> = { 'zh-CN': zhCN, 'zh-TW': zhTW, en };

/** Browsers send the same few headers over and over; each short one is parsed once (200 kept). */
const langByHeader = new Map<string, Lang>();

/** The first language of Accept-Language that we speak; Chinese when none matches. */
export function langFromHeader(header: string | undefined): Lang {
  if (!header) return 'zh-CN';
  if (header.length > 200) return parseAcceptLanguage(header);
  let lang = langByHeader.get(header);
  if (!lang) {
    lang = parseAcceptLanguage(header);
    if (langByHeader.size >= 200) langByHeader.clear();
    langByHeader.set(header, lang);
  }
  return lang;
}

function parseAcceptLanguage(header: string): Lang {
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const lang = langFromTag(tag);
    if (lang) return lang;
  }
  return 'zh-CN';
}

/** Our own language names (zh, zhtw, en) and BCP 47 tags alike. */
export function langFromTag(tag: string): Lang | null {
  const t = tag.toLowerCase();
  if (t === 'zhtw' || t.startsWith('zh-tw') || t.startsWith('zh-hk') || t.startsWith('zh-hant')) return 'zh-TW';
  if (t.startsWith('zh')) return 'zh-CN';
  if (t.startsWith('en')) return 'en';
  return null;
}

export function translator(lang: Lang): Translate {
  return translators[lang];
}

function makeTranslator(lang: Lang): Translate {
  const catalog = catalogs[lang];
  return (key, params) => {
    const text = catalog[key] ?? zhCN[key] ?? key;
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      params[name] === undefined ? whole : String(params[name]),
    );
  };
}

/** One per language, made once: every request gets its language's. */
const translators: Record<Lang, Translate> = {
  'zh-CN': makeTranslator('zh-CN'),
  'zh-TW': makeTranslator('zh-TW'),
  en: makeTranslator('en'),
};
