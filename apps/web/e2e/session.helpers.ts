import type { Browser } from 'playwright-core';
import { adminPassword, newContext, type RunningServer, signInThroughPage } from './harness.ts';
import { apiData, tokenOf } from './users.auth-helpers.ts';

/** A new browser context signed in as `account`, on the page the sign-in lands on. */
export async function signedIn(serverUrl: string, browser: Browser, account: string, secret: string) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signInThroughPage(page, serverUrl, account, secret);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
  return { context, page };
}

/**
 * `signedIn` (the administrator unless told) with that session's token and an API caller on it:
 * for tests that prepare through the API what they then check on the screen.
 */
export async function signedInWithApi(
  run: { server: Pick<RunningServer, 'url'>; browser: Browser },
  account = 'admin',
  secret = adminPassword,
) {
  const session = await signedIn(run.server.url, run.browser, account, secret);
  const token = await tokenOf(session.page);
  const call = <T>(method: string, url: string, body?: unknown) => apiData<T>(run.server.url, token, method, url, body);
  return { ...session, token, call };
}
