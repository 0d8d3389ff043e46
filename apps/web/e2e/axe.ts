import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { settled, within } from './harness.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One rule broken on a screen, as axe reports it, with the nodes that break it. */
export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

// Run in the page as a string: this file is type-checked without the DOM's types, and axe is a global there.
const runAxe = `(async () => {
  const result = await axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary })),
  }));
})()`;

/** The WCAG 2.1 A and AA violations axe-core finds on what the page shows now. */
export async function axeViolations(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern
  // (a script tag would be refused by it, as it should be).
  if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.evaluate(axeSource);
  return within('axe-core on the page', 30_000, page.evaluate(runAxe) as Promise<Violation[]>);
}

/** The serious and critical ones, described one per line for a failure message. */
export function seriousViolations(violations: Violation[]): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes.map((n) => `${n.target.join(' ')} [${(n.failureSummary ?? '').replace(/\s+/g, ' ')}]`);
      return `${v.impact} ${v.id} (${v.help}): ${nodes.join('; ')}`;
    });
}

/**
 * The serious and critical violations on what `page` shows once it has come to rest, each line
 * prefixed with `screen`; an empty list when there are none.
 */
export async function seriousViolationsOn(page: Page, screen: string): Promise<string[]> {
  await settled(page);
  return seriousViolations(await axeViolations(page)).map((line) => `${screen}: ${line}`);
}
