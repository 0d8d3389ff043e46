import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { App } from '../../core/app-types.ts';
import { langFromTag, type MessageKey, translator } from '../../core/i18n.ts';

/** Where the 3.6 client frames a report menu's report: `{api}/Report/preview.html?id&token&…`. */
const pageUrl = '/api/Report/preview.html';
const scriptUrl = '/api/Report/preview.js';
const script = readFileSync(path.join(import.meta.dirname, 'preview', 'report-preview.js'), 'utf8');
const textKeys = [
  'search',
  'reset',
  'export',
  'print',
  'previous',
  'next',
  'pageOf',
  'empty',
  'truncated',
  'loading',
  'noId',
] as const;

const style = `
body{margin:0;font:14px/1.5 -apple-system,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:#262626;background:#fff}
#report{padding:16px}
h1{font-size:18px;margin:0 0 12px}
form.search{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;margin-bottom:12px}
form.search label{display:flex;gap:6px;align-items:center}
input{height:30px;padding:0 8px;border:1px solid #d9d9d9;border-radius:4px}
button{height:30px;padding:0 14px;border:1px solid #d9d9d9;border-radius:4px;background:#fff;cursor:pointer}
button.primary{background:#0958d9;border-color:#0958d9;color:#fff}
button:disabled{cursor:not-allowed;opacity:.5}
.tools{display:flex;gap:8px;margin-bottom:12px}
.sheet{border-collapse:collapse;table-layout:fixed}
.sheet td{border:1px solid #e0e0e0;padding:2px 6px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.sheet td.number{text-align:right}
.sheet tr.frozen td{position:sticky;top:0;background:#fafafa;font-weight:600}
.sheet tr.subtotal td,.sheet tr.total td{background:#f5f7fa;font-weight:600}
.pager{display:flex;gap:12px;align-items:center;margin-top:12px}
.muted{color:#8c8c8c}
.warning{color:#ad6800;background:#fffbe6;border:1px solid #ffe58f;padding:6px 10px;border-radius:4px}
#report-error{color:#cf1322;background:#fff1f0;border:1px solid #ffa39e;padding:6px 10px;border-radius:4px}
@media print{form.search,.tools,.pager{display:none}#report{padding:0}}
`;

/**
 * The report preview page the 3.6 client frames (protocol-workflow.md section 6), served by us so
 * its report menus work against this server. The page holds no data: its script reads the report
 * with the token its address carries, through the same calls (and checks) as our own viewer. Its
 * texts come from the server's locale files, in the language the browser asks for (or `lang`).
 */
export function reportPreviewPage(app: App) {
  app.get(pageUrl, { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const asked = (request.query as { lang?: unknown }).lang;
    const lang = typeof asked === 'string' ? langFromTag(asked) : null;
    const t = lang ? translator(lang) : request.t;
    const htmlLang = lang ?? request.lang;
    const texts = Object.fromEntries(textKeys.map((key) => [key, t(`report.preview.${key}` as MessageKey)]));
    // `<` written as \u003c: the JSON cannot close its script element.
    const json = JSON.stringify(texts).replace(/</g, '\\u003c');
    const html = `<!doctype html>
<html lang="${htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(t('report.preview.title'))}</title><style>${style}</style></head>
<body><div id="report"><p id="report-error" hidden></p><div id="report-output"></div></div>
<script type="application/json" id="report-texts">${json}</script>
<script src="preview.js"></script></body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });

  app.get(scriptUrl, { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(script),
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
