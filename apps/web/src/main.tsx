import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { configureHttp } from './shared/api/http.ts';
import { loadAntdLocale } from './shared/i18n/antd-locale.ts';
import { firstLanguage, i18n, i18nReady } from './shared/i18n/index.ts';
import { loginPath } from './shared/session/redirect.ts';
import './app/global.css';

const router = createRouter(import.meta.env.BASE_URL.replace(/\/$/, '') || undefined);
configureHttp({ goToLogin: (redirect) => router.navigate(loginPath(redirect), { replace: true }) });

// In a language other than the default, our strings and antd's load before the first render (side
// by side), so no page shows another language's text first; the login shell (index.html) paints meanwhile.
Promise.all([i18nReady, loadAntdLocale(firstLanguage)])
  .catch(() => undefined)
  .then(() => {
    document.title = i18n.t('common:appName');
    const root = document.getElementById('root');
    if (!root) throw new Error('index.html has no #root');
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
