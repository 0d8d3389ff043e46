/**
 * CurrentUser for a user with 500 permitted menus (through a permission group of its role), 20 connections, on PGlite and
 * on PostgreSQL, against its limit in alternating rounds: what a warm call still asks the
 * database (the user row and its organisation's name), 20 at once, without HTTP. The answer is
 * 304 KiB, so the distance to the limit is mostly writing those bytes.
 *
 *   node --import tsx bench/current-user.ts          (BENCH_ENGINES=postgres or pglite for one engine)
 */
import { sql } from 'kysely';
import { newId } from '../apps/server/src/core/ids.ts';
import { hashPasswordDigest, md5Hex } from '../apps/server/src/core/password.ts';
import {
  type Comparison,
  currentUserLimit,
  httpSide,
  interleave,
  machineLine,
  onEachEngine,
  printComparisons,
  signIn,
  startApp,
} from './lib.ts';

const menus = 500;
const connections = 20;
console.log(`current-user bench: ${machineLine()}, ${connections} connections`);

const comparisons = await onEachEngine(async (engine, databaseUrl, dataDir): Promise<Comparison[]> => {
  const server = await startApp(databaseUrl, dataDir);
  const db = server.app.db;
  try {
    // 25 directories of 20 pages, each page with 4 buttons; all granted to a permission group that
    // one role of the user belongs to.
    const system = await db.selectFrom('system').select('id').where('enCode', '=', 'main').executeTakeFirstOrThrow();
    const roleId = newId();
    await db.insertInto('role').values({ id: roleId, fullName: '压测角色', enCode: 'benchRole' }).execute();
    const groupId = newId();
    await db
      .insertInto('permissionGroup')
      .values({ id: groupId, fullName: '压测权限组', enCode: 'benchGroup' })
      .execute();
    await db.insertInto('permissionMember').values({ groupId, objectType: 'Role', objectId: roleId }).execute();
    const menuRows = [];
    const buttonRows = [];
    for (let d = 0; d < menus / 20; d++) {
      const dirId = newId();
      menuRows.push({
        id: dirId,
        systemId: system.id,
        parentId: '-1',
        enCode: `bench${d}`,
        fullName: `目录${d}`,
        type: 0,
      });
      for (let p = 0; p < 19; p++) {
        const id = newId();
        menuRows.push({
          id,
          systemId: system.id,
          parentId: dirId,
          enCode: `bench${d}.p${p}`,
          fullName: `页面${d}-${p}`,
          type: 2,
          urlAddress: `bench/${d}/${p}`,
          // As the menu form creates pages: their buttons are granted one by one.
          isButtonAuthorize: true,
        });
        for (const enCode of ['btn_add', 'btn_edit', 'btn_remove', 'btn_detail']) {
          buttonRows.push({ id: newId(), menuId: id, kind: 'button' as const, enCode, fullName: enCode });
        }
      }
    }
    await db.insertInto('menu').values(menuRows).execute();
    for (let i = 0; i < buttonRows.length; i += 1000)
      await db
        .insertInto('modulePermission')
        .values(buttonRows.slice(i, i + 1000))
        .execute();
    const grants = [
      ...menuRows.map((m) => ({ itemType: 'module' as const, itemId: m.id })),
      ...buttonRows.map((b) => ({ itemType: 'button' as const, itemId: b.id })),
    ].map((g) => ({
      id: newId(),
      objectType: 'PermissionGroup' as const,
      objectId: groupId,
      creatorUserId: null,
      ...g,
    }));
    for (let i = 0; i < grants.length; i += 1000)
      await db
        .insertInto('authorize')
        .values(grants.slice(i, i + 1000))
        .execute();
    const root = await db.selectFrom('organize').select('id').where('parentId', '=', '-1').executeTakeFirstOrThrow();
    const userId = newId();
    await db
      .insertInto('appUser')
      .values({
        id: userId,
        account: 'bench',
        realName: '压测',
        passwordHash: await hashPasswordDigest(md5Hex('Passw0rd')),
        organizeId: root.id,
      })
      .execute();
    await db.insertInto('userRelation').values({ id: newId(), userId, objectType: 'Role', objectId: roleId }).execute();
    await sql`analyze`.execute(db);

    const token = await signIn(server.url, 'bench', 'Passw0rd');
    const headers = { authorization: token, 'jnpf-origin': 'pc' };
    const answer = await (await fetch(`${server.url}/api/oauth/CurrentUser`, { headers })).text();
    const check = JSON.parse(answer) as { data: { permissionList: unknown[]; menuList: unknown[] } };
    console.log(
      `  ${engine}: CurrentUser answers ${check.data.menuList.length} directories, ${check.data.permissionList.length} pages with permissions, ${(Buffer.byteLength(answer) / 1024).toFixed(0)} KiB`,
    );
    const result = await interleave(
      engine,
      `CurrentUser, ${menus} menus`,
      currentUserLimit(engine, db, userId),
      httpSide({
        name: 'GET /api/oauth/CurrentUser',
        engine,
        url: server.url,
        scenario: { name: 'CurrentUser', path: '/api/oauth/CurrentUser', headers, connections },
      }),
    );
    return [result];
  } finally {
    await server.close();
  }
});

printComparisons(comparisons);
