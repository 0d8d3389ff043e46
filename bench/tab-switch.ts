/**
 * Switching between kept-alive tabs with 30 open (issue 36: it took 2-2.8 s), in headless
 * Chromium against the built app (run `npm run build` first) on the embedded database. The
 * administrator opens 30 menu pages in the app (each a tab, each kept alive), then clicks tabs in
 * the tags bar: a switch is timed in the page from the click to the chosen page shown and the next
 * frame painted. Each round clicks every tab once in an order that never repeats the last one; the
 * figures are the median and p95 of a round's switches, then the median and spread over the
 * rounds (lib.ts `timedRounds`), with the load average before.
 *
 *   node --import tsx bench/tab-switch.ts        (BENCH_TABS: how many tabs, default 30)
 */
import type { Page } from 'playwright-core';
import { launchBrowser, newContext, signInThroughPage } from '../apps/web/e2e/harness.ts';
import {
  apiCaller,
  machineLine,
  onEachEngine,
  printTimed,
  rounds,
  signIn,
  spread,
  startApp,
  type TimedComparison,
  timedRounds,
} from './lib.ts';

const adminPassword = 'Bench@123456';
const tabs = Number(process.env.BENCH_TABS ?? 30);

interface MenuNode {
  type: number;
  urlAddress?: string | null;
  children?: MenuNode[] | null;
}

/** Pages (type 2) of the administrator's menu: in-app paths with a built page behind most of them. */
function pagePaths(nodes: readonly MenuNode[], into: string[] = []): string[] {
  for (const node of nodes) {
    if (node.type === 2 && node.urlAddress && !node.urlAddress.includes('?')) into.push(`/${node.urlAddress}`);
    if (node.children) pagePaths(node.children, into);
  }
  return into;
}

/**
 * In-page scripts as text: tsx would wrap a function's inner functions in a helper the page lacks,
 * and the server's tsconfig (which checks bench/) has no DOM types.
 */
const pushPath = (to: string) => `(() => {
  history.pushState({ usr: null, key: Math.random().toString(36).slice(2), idx: history.length }, '', ${JSON.stringify(to)});
  dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
})()`;

/** Clicks the tab of `to`; resolves with the milliseconds until its page is shown and painted. */
const clickTab = (to: string) => `new Promise((resolve, reject) => {
  const to = ${JSON.stringify(to)};
  const tab = [...document.querySelectorAll('.shell-tags [role="tab"]')].find((e) => e.dataset.path === to);
  if (!tab) return reject(new Error('no tab for ' + to));
  const started = performance.now();
  tab.click();
  const wait = () => {
    if (document.querySelector('.shell-view[data-view="' + to + '"]:not([hidden])'))
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
    else if (performance.now() - started > 20000) reject(new Error(to + ' not shown'));
    else requestAnimationFrame(wait);
  };
  wait();
})`;

/** In-app navigation (no reload): the router follows the history's popstate. */
async function openInApp(page: Page, path: string) {
  await page.evaluate(pushPath(path));
  await page.locator(`.shell-view[data-view="${path}"]:not([hidden])`).waitFor({ timeout: 30_000 });
  // Its list answered (or it has none): the page is what a person would leave open.
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

function switchTo(page: Page, path: string): Promise<number> {
  return page.evaluate(clickTab(path)) as Promise<number>;
}

console.log(`tab-switch bench: ${machineLine()}; ${tabs} tabs, ${rounds} rounds`);
const lines = await onEachEngine<TimedComparison>(async (engine, databaseUrl, dataDir) => {
  if (engine !== 'PGlite') return []; // the switch is the browser's work; one engine serves
  const server = await startApp(databaseUrl, dataDir, { ADMIN_PASSWORD: adminPassword });
  const browser = await launchBrowser();
  try {
    const call = apiCaller(server.url, await signIn(server.url, 'admin', adminPassword));
    const user = await call<{ menuList: MenuNode[] }>('GET', '/api/oauth/CurrentUser');
    const paths = [...new Set(pagePaths(user.menuList))].slice(0, tabs);
    if (paths.length < tabs) throw new Error(`only ${paths.length} menu pages to open`);
    const page = await (await newContext(browser, { motion: 'no-preference', width: 1440 })).newPage();
    await signInThroughPage(page, server.url, 'admin', adminPassword);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
    for (const path of paths) await openInApp(page, path);
    // Every round visits each tab once, stepping 7 at a time (coprime with 30: no tab twice in a row).
    let at = 0;
    return [
      await timedRounds(`${engine}: ${paths.length} tabs open, one switch per tab`, [
        {
          name: 'switch',
          run: async () => {
            const times: number[] = [];
            for (let i = 0; i < paths.length; i++) {
              at = (at + 7) % paths.length;
              times.push(await switchTo(page, paths[at] as string));
            }
            const sorted = [...times].sort((a, b) => a - b);
            return {
              'median ms': spread(times).median,
              'p95 ms': sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0,
            };
          },
        },
      ]),
    ];
  } finally {
    await browser.close();
    await server.close();
  }
});
printTimed(lines, { 'median ms': 0, 'p95 ms': 0 });
