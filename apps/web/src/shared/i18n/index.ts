import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, writeStored } from '../storage.ts';
import { detectLanguage, type Language, languageStorageKind } from './language.ts';

/** A locale file: `src/app/locales/<lng>.ts` (namespace `common`) or `src/features/<ns>/locales/<lng>.ts`. */
type LocaleModule = { default: ResourceKey };
type LocaleLoader = () => Promise<LocaleModule>;

function namespaceOf(path: string): { ns: string; lng: string } {
  const match = /\/(?:features\/([^/]+)|app)\/locales\/([^/]+)\.ts$/.exec(path);
  return { ns: match?.[1] ?? 'common', lng: match?.[2] ?? '' };
}

/** `lng/ns` -> loader, from an `import.meta.glob` of locale files. */
function loadersByNamespace(files: Record<string, LocaleLoader>): Map<string, LocaleLoader> {
  const loaders = new Map<string, LocaleLoader>();
  for (const [path, load] of Object.entries(files)) {
    const { ns, lng } = namespaceOf(path);
    loaders.set(`${lng}/${ns}`, load);
  }
  return loaders;
}

/**
 * Namespaces: `common` (src/app/locales) and one per feature (src/features/<area>/locales).
 * The default language's common and login strings ship in the first chunk, so the login page
 * paints with them at once; in another language they load before the first render (main.tsx waits
 * for `i18nReady`). Every other feature's strings load with that feature, through a map of their
 * files that is a chunk of its own (feature-locales.ts): /login carries neither.
 */
const eager = import.meta.glob<LocaleModule>(['../../app/locales/zh-CN.ts', '../../features/login/locales/zh-CN.ts'], {
  eager: true,
});
const firstPaintLoaders = loadersByNamespace(
  import.meta.glob<LocaleModule>([
    '../../app/locales/*.ts',
    '../../features/login/locales/*.ts',
    '!../../app/locales/zh-CN.ts',
    '!../../features/login/locales/zh-CN.ts',
  ]),
);

const bundled: Record<string, Record<string, ResourceKey>> = {};
for (const [path, mod] of Object.entries(eager)) {
  const { ns, lng } = namespaceOf(path);
  bundled[lng] ??= {};
  (bundled[lng] as Record<string, ResourceKey>)[ns] = mod.default;
}

let featureLoaders: Promise<Map<string, LocaleLoader>> | undefined;

function loadLocale(lng: string, ns: string): Promise<LocaleModule | undefined> {
  const load = firstPaintLoaders.get(`${lng}/${ns}`);
  if (load) return load();
  // A failed load (the network) is tried again by the next namespace, not remembered.
  featureLoaders ??= import('./feature-locales.ts').then(
    ({ featureLocaleFiles }) => loadersByNamespace(featureLocaleFiles),
    (error: unknown) => {
      featureLoaders = undefined;
      throw error;
    },
  );
  return featureLoaders.then((loaders) => loaders.get(`${lng}/${ns}`)?.());
}

const localeFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, callback) {
    loadLocale(lng, ns).then(
      (mod) => callback(null, mod?.default ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** The language of the first render: the stored choice, else the browser's (shell.md §9). */
export const firstLanguage: Language = detectLanguage(readStored(languageStorageKind), globalThis.navigator?.languages);

export const i18n = i18next.createInstance();

/** Settles once the first language's common and login strings are in (at once for the default language). */
export const i18nReady: Promise<unknown> = i18n
  .use(localeFiles)
  .use(initReactI18next)
  .init({
    lng: firstLanguage,
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
