import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, writeStored } from '../storage.ts';
import { detectLanguage, type Language, languageStorageKind } from './language.ts';

type LocaleModule = { default: ResourceKey };

/**
 * Namespaces: `common` (src/app/locales) and one per feature (src/features/<area>/locales).
 * The common and login strings ship in the first chunk so the login page paints at once; every
 * other feature's strings load with that feature.
 */
const eager = import.meta.glob<LocaleModule>(['../../app/locales/*.ts', '../../features/login/locales/*.ts'], {
  eager: true,
});
const lazy = import.meta.glob<LocaleModule>(['../../features/*/locales/*.ts', '!../../features/login/locales/*.ts']);

function namespaceOf(path: string): { ns: string; lng: string } {
  const match = /\/(?:features\/([^/]+)|app)\/locales\/([^/]+)\.ts$/.exec(path);
  return { ns: match?.[1] ?? 'common', lng: match?.[2] ?? '' };
}

const bundled: Record<string, Record<string, ResourceKey>> = {};
for (const [path, mod] of Object.entries(eager)) {
  const { ns, lng } = namespaceOf(path);
  bundled[lng] ??= {};
  (bundled[lng] as Record<string, ResourceKey>)[ns] = mod.default;
}

const loaders = new Map<string, () => Promise<LocaleModule>>();
for (const [path, load] of Object.entries(lazy)) {
  const { ns, lng } = namespaceOf(path);
  loaders.set(`${lng}/${ns}`, load);
}

const featureLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, callback) {
    const load = loaders.get(`${lng}/${ns}`);
    if (!load) return callback(null, {});
    load().then(
      (mod) => callback(null, mod.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const i18n = i18next.createInstance();

i18n
  .use(featureLocales)
  .use(initReactI18next)
  .init({
    lng: detectLanguage(readStored(languageStorageKind), globalThis.navigator?.languages),
    fallbackLng: 'zh-CN',
    supportedLngs: ['zh-CN', 'zh-TW', 'en'],
    ns: ['common', 'login'],
    defaultNS: 'common',
    resources: bundled,
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    showSupportNotice: false,
  });

export function changeLanguage(language: Language): Promise<unknown> {
  writeStored(languageStorageKind, language);
  return i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});
document.documentElement.lang = i18n.language;

export function currentLanguage(): Language {
  return (i18n.resolvedLanguage ?? i18n.language ?? 'zh-CN') as Language;
}
