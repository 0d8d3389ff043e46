import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { App } from './app-types.ts';
import { securityHeaders } from './security-headers.ts';

/** Hashed build assets never change under their name: browsers keep them a year without asking. */
const immutable = 'public, max-age=31536000, immutable';

/**
 * The built web app on the API's port. Assets go out precompressed (the build writes .br and .gz
 * beside each file; the browser gets the smallest it accepts), hashed ones cached for a year,
 * everything else revalidated. Unknown non-API paths get index.html (history-mode routing), also
 * revalidated, so a new build reaches every browser at its next navigation; it is compressed once
 * at start (the login shell makes it some 26 KB) and sent in the encoding the browser prefers.
 */
export async function serveWeb(app: App, webDir: string | null) {
  const indexHtml = webDir ? await readFile(path.join(webDir, 'index.html'), 'utf8') : null;
  const index = indexHtml
    ? { plain: indexHtml, br: brotliCompressSync(indexHtml), gzip: gzipSync(indexHtml, { level: 9 }) }
    : null;
  const indexPolicy = indexHtml
    ? securityHeaders({ scriptHashes: inlineScriptHashes(indexHtml) })['content-security-policy']
    : undefined;
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
    if (index && request.method === 'GET' && !isApi) {
      if (indexPolicy) reply.header('content-security-policy', indexPolicy);
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .send(encoding ? index[encoding] : index.plain);
    }
    return reply.status(404).send({
      code: 404,
      msg: request.t('common.routeNotFound', { method: request.method, url: request.url.split('?')[0] ?? '' }),
    });
  });
}

/**
 * The CSP hashes of index.html's inline scripts (the login shell's, which must run before the first
 * paint and so cannot wait for a file): the policy admits exactly these, on that page.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}`,
  );
}

/** br when the browser takes it, else gzip, else none (q=0 refuses a coding). */
function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]?.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}
