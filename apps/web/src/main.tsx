import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { configureHttp } from './shared/api/http.ts';
import { loadAntdLocale } from './shared/i18n/antd-locale.ts';
import { currentLanguage, i18n } from './shared/i18n/index.ts';
import { loginPath } from './shared/session/redirect.ts';
import './app/global.css';

const router = createRouter(import.meta.env.BASE_URL.replace(/\/$/, '') || undefined);
configureHttp({ goToLogin: (redirect) => router.navigate(loginPath(redirect), { replace: true }) });

document.title = i18n.t('common:appName');

// antd's own texts for a non-default language load before the first paint.
loadAntdLocale(currentLanguage())
  .catch(() => undefined)
  .then(() => {
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
