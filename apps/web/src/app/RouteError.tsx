import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * Shown when a route fails to load or render. Plain markup on purpose: it must work even when the
 * failure was a chunk that did not load (a new release replaced the old files).
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <div style={{ padding: '15vh 24px', textAlign: 'center', color: 'rgba(0,0,0,.65)' }}>
      <h2 style={{ fontWeight: 500 }}>{t('routeError')}</h2>
      {detail && <p>{detail}</p>}
      <button type="button" onClick={() => window.location.reload()} style={{ marginTop: 12, cursor: 'pointer' }}>
        {t('reload')}
      </button>
    </div>
  );
}
