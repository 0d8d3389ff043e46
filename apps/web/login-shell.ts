// Build step: index.html gets a static copy of the login page's brand panel (its largest element,
// the system name, is the page's largest contentful paint at desktop widths), rendered here from the
// same React component and the same locale files as the page, one copy per language. A tiny inline
// inline script picks the copy the app would pick (stored choice, then the browser's languages) and shows it
// before any module script has been fetched; the login page takes over (handOverLoginShell).
// Signed-in visitors (a stored token) and any other path than /login never see it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import commonEn from './src/app/locales/en.ts';
import commonZhCn from './src/app/locales/zh-CN.ts';
import commonZhTw from './src/app/locales/zh-TW.ts';
import { LoginBrand } from './src/features/login/components/LoginBrand.tsx';
import loginEn from './src/features/login/locales/en.ts';
import loginZhCn from './src/features/login/locales/zh-CN.ts';
import loginZhTw from './src/features/login/locales/zh-TW.ts';
import { loginShellId } from './src/features/login/login-shell.ts';
import {
  defaultLanguage,
  detectLanguage,
  type Language,
  languageStorageKind,
  languages,
  normalizeLanguage,
} from './src/shared/i18n/language.ts';
import { sessionStorageKind } from './src/shared/session/store.ts';
import { storageKey } from './src/shared/storage.ts';

// The icons' own style sheet (antd inserts it at run time); its ES build cannot be imported by Node.
const { iconStyles } = createRequire(import.meta.url)('@ant-design/icons/lib/utils') as { iconStyles: string };

const texts: Record<Language, { common: typeof commonZhCn; login: typeof loginZhCn }> = {
  'zh-CN': { common: commonZhCn, login: loginZhCn },
  'zh-TW': { common: commonZhTw, login: loginZhTw },
  en: { common: commonEn, login: loginEn },
};

/** The brand panel and an empty form panel, as the login page lays them out, in one language. */
export function shellMarkup(language: Language): string {
  const { common, login } = texts[language];
  const brand = renderToStaticMarkup(
    createElement(LoginBrand, { systemName: common.appName, tagline: login.tagline, features: login.features }),
    { identifierPrefix: 'shell-' },
  );
  return `<div class="login-page">${brand}<main class="login-panel"></main></div>`;
}

/**
 * The inline script. The language rule is the app's own functions, stringified, so it cannot drift;
 * the build checks it against them (checkPicker).
 */
export function shellScript(loginPath: string): string {
  return `(function () {
  var shell = document.getElementById(${JSON.stringify(loginShellId)});
  if (!shell) return;
  function read(key) { try { return JSON.parse(localStorage.getItem(key)); } catch (e) { return null; } }
  var session = read(${JSON.stringify(storageKey(sessionStorageKind))});
  if (location.pathname.replace(/\\/+$/, '') !== ${JSON.stringify(loginPath)} || (session && session.state && session.state.token)) {
    shell.remove();
    return;
  }
  var languages = ${JSON.stringify(languages)};
  var defaultLanguage = ${JSON.stringify(defaultLanguage)};
  ${normalizeLanguage.toString()}
  ${detectLanguage.toString()}
  var language = detectLanguage(read(${JSON.stringify(storageKey(languageStorageKind))}), navigator.languages);
  var copy = shell.querySelector('template[data-lang="' + language + '"]');
  if (!copy) { shell.remove(); return; }
  document.documentElement.lang = language;
  shell.appendChild(copy.content.cloneNode(true));
})();`;
}

/** The stringified rule must give what the app's rule gives. */
function checkPicker(): void {
  const source = `var languages = ${JSON.stringify(languages)}; var defaultLanguage = ${JSON.stringify(defaultLanguage)};
${normalizeLanguage.toString()}
${detectLanguage.toString()}
return detectLanguage;`;
  const picker = new Function(source)() as typeof detectLanguage;
  const cases: [unknown, string[] | undefined][] = [
    [undefined, undefined],
    [undefined, ['en-US']],
    [undefined, ['zh-HK', 'en']],
    [undefined, ['zh']],
    ['en', ['zh-CN']],
    ['zh-TW', ['en']],
    ['zhtw', undefined],
    [42, ['fr']],
  ];
  for (const [stored, browser] of cases) {
    if (picker(stored, browser) !== detectLanguage(stored, browser)) {
      throw new Error(
        `login shell: the inline language rule differs from detectLanguage for ${JSON.stringify([stored, browser])}`,
      );
    }
  }
}

/**
 * The shell sits where the page will be, so the page can be laid out under it; once behind it
 * (handOverLoginShell) it shows nothing but what the page shows too, and takes no clicks.
 */
const shellCss = `
#${loginShellId} { position: absolute; top: 0; right: 0; left: 0; }
#${loginShellId}.login-shell-behind { pointer-events: none; }
#${loginShellId}.login-shell-behind .login-page { background: transparent; }
#${loginShellId}.login-shell-behind .login-panel { visibility: hidden; }
`;

/** Blanks and comments out of a style sheet: it goes inline into every page. */
const compactCss = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{}:;,>])\s*/g, '$1')
    .trim();

export function loginShell(): Plugin {
  let base = '/';
  return {
    name: 'login-shell',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      // After Vite has written its tags, so a build's entry style sheet can be put inline.
      order: 'post',
      handler(html, context) {
        checkPicker();
        let page = html;
        let css = compactCss(iconStyles + shellCss);
        if (context.bundle) {
          // The entry style sheet (global.css, login.css, ...; about 5 KB) goes inline: as a file
          // it would block the first paint behind 30 module requests to a busy server.
          page = page.replace(/\s*<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (tag, href: string) => {
            const asset = context.bundle?.[href.slice(base.length)];
            if (asset?.type !== 'asset') return tag;
            css = `${asset.source.toString()}${css}`;
            return '';
          });
        } else {
          // The dev server serves style sheets as modules, after the scripts: the shell brings its own.
          css =
            ['./src/app/global.css', './src/features/login/pages/login.css']
              .map((file) => compactCss(readFileSync(new URL(file, import.meta.url), 'utf8')))
              .join('') + css;
        }
        const templates = languages
          .map((language) => `<template data-lang="${language}">${shellMarkup(language)}</template>`)
          .join('');
        // Inline, so it runs as the parser reaches it; the server's CSP admits it by its hash
        // (apps/server/src/core/serve-web.ts).
        const script = `<script>${shellScript(`${base.replace(/\/$/, '')}/login`)}</script>`;
        if (!page.includes('<div id="root"></div>'))
          throw new Error('login shell: index.html has no <div id="root"></div>');
        return page
          .replace('</head>', `  <style>${css}</style>\n  </head>`)
          .replace(
            '<div id="root"></div>',
            `<div id="${loginShellId}">${templates}</div>\n    ${script}\n    <div id="root"></div>`,
          );
      },
    },
  };
}
