import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from './app-types.ts';

/** Hashed build assets never change under their name: browsers keep them a year without asking. */
const immutable = 'public, max-age=31536000, immutable';

/**
 * The built web app on the API's port. Assets go out precompressed (the build writes .br and .gz
 * beside each file; the browser gets the smallest it accepts), hashed ones cached for a year,
 * everything else revalidated. Unknown non-API paths get index.html (history-mode routing), also
 * revalidated, so a new build reaches every browser at its next navigation.
 */
export async function serveWeb(app: App, webDir: string | null) {
  const indexHtml = webDir ? await readFile(path.join(webDir, 'index.html'), 'utf8') : null;
  if (webDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.startsWith(path.join(webDir, 'assets') + path.sep);
        res.setHeader('cache-control', hashed ? immutable : 'no-cache');
        // The same URL answers br, gzip or plain by Accept-Encoding; shared caches must key on it.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/websocket');
    if (indexHtml && request.method === 'GET' && !isApi) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).send({
      code: 404,
      msg: request.t('common.routeNotFound', { method: request.method, url: request.url.split('?')[0] ?? '' }),
    });
  });
}
