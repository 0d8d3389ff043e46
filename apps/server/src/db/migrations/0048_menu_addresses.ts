import { type Kysely, sql } from 'kysely';

/**
 * Two seeded pages were addressed where the 3.6 client has no page (`workFlow/addFlow`,
 * `onlineDev/portal`); its pages are `workFlow/flowQuickLaunch` and `onlineDev/visualPortal`, which
 * our console routes too. Only rows still holding the old seeded address move: an address an
 * administrator changed stays theirs.
 */
const moves: [enCode: string, from: string, to: string][] = [
  ['workFlow.addFlow', 'workFlow/addFlow', 'workFlow/flowQuickLaunch'],
  ['onlineDev.portal', 'onlineDev/portal', 'onlineDev/visualPortal'],
];

export async function up(db: Kysely<unknown>) {
  for (const [enCode, from, to] of moves)
    await sql`update menu set url_address = ${to} where en_code = ${enCode} and url_address = ${from}`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const [enCode, from, to] of moves)
    await sql`update menu set url_address = ${from} where en_code = ${enCode} and url_address = ${to}`.execute(db);
}
