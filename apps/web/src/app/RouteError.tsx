import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isStaleChunkError, reloadForStaleChunk } from './stale-chunk.ts';

/**
 * Shown when a route fails to load or render. Plain markup on purpose: it must work even when the
 * failure was a chunk that did not load (a new release replaced the old files); that failure
 * reloads the tab once by itself (stale-chunk.ts) and says so meanwhile.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const stale = isStaleChunkError(error);
  const [reloading, setReloading] = useState(stale);
  useEffect(() => {
    if (stale && !reloadForStaleChunk()) setReloading(false);
  }, [stale]);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <div style={{ padding: '15vh 24px', textAlign: 'center', color: 'rgba(0,0,0,.65)' }}>
      <h2 style={{ fontWeight: 500 }}>{t(reloading ? 'newVersionReloading' : 'routeError')}</h2>
      {detail && <p>{detail}</p>}
      {!reloading && (
        <button type="button" onClick={() => window.location.reload()} style={{ marginTop: 12, cursor: 'pointer' }}>
          {t('reload')}
        </button>
      )}
    </div>
  );
}
