import { expect, test } from 'vitest';
import type { Client, TestApp } from './test-app.ts';

type Fields = Record<string, unknown>;

/** One administration area registered with `crudRoutes`, described for the shared contract below. */
export interface CrudArea {
  /** The collection path, e.g. `/api/permission/Group`. */
  base: string;
  /** The area's own required fields beside fullName and enCode (called once the suite's records exist). */
  fields(): Fields;
  /** The message that refuses a code already taken (codes compare without case). */
  codeTaken: string;
  /** The area has `Actions/State`. */
  hasState?: boolean;
}

/**
 * The behaviour every area built on the server list kit shares, as a user meets it: create,
 * find by keyword, read, update, switch state, delete; and the refusals that change nothing
 * (missing and over-long fields, a taken code, unknown ids, no grant). Area test files call it
 * once and keep only what is their own (selectors, lookups, rules of that area).
 */
export function crudContract(area: CrudArea, context: () => { t: TestApp; admin: Client }) {
  const { base } = area;
  /** A valid record whose name and code carry `tag`, so each test finds its own records by keyword. */
  const valid = (tag: string): Fields => ({ ...area.fields(), fullName: `名称${tag}`, enCode: `code.${tag}` });

  test('create, find by keyword, read, update, delete', async () => {
    const { admin } = context();
    const created = await admin.post<{ id: string }>(base, valid('life'));
    expect(created).toMatchObject({ code: 200, msg: '新建成功' });
    const id = created.data!.id;
    const found = await admin.get<{ list: { id: string }[]; pagination: { total: number } }>(base, {
      keyword: 'life',
    });
    expect(found.data!.list.map((r) => r.id)).toEqual([id]);
    expect(found.data!.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 1 });
    expect((await admin.get(`${base}/${id}`)).data).toMatchObject({ id, enCode: 'code.life', fullName: '名称life' });

    const changed = { ...valid('life'), id, fullName: '改名life', description: '说明' };
    expect(await admin.put(`${base}/${id}`, changed)).toMatchObject({ code: 200, msg: '更新成功' });
    expect((await admin.get(`${base}/${id}`)).data).toMatchObject({ fullName: '改名life', description: '说明' });

    expect(await admin.delete(`${base}/${id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await admin.get(`${base}/${id}`)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect((await admin.get<{ list: unknown[] }>(base, { keyword: 'life' })).data!.list).toEqual([]);
  });

  test('pages: page size, page number and the total of every match', async () => {
    const { admin } = context();
    for (const n of [1, 2, 3]) await admin.post(base, { ...valid(`pg${n}`), sortCode: n });
    const second = await admin.get<{ list: { enCode: string }[]; pagination: object }>(base, {
      keyword: 'code.pg',
      pageSize: '2',
      currentPage: '2',
    });
    expect(second.data!.list.map((r) => r.enCode)).toEqual(['code.pg3']);
    expect(second.data!.pagination).toEqual({ currentPage: 2, pageSize: 2, total: 3 });
  });

  if (area.hasState) {
    test('the state switch disables and enables again', async () => {
      const { admin } = context();
      const id = (await admin.post<{ id: string }>(base, valid('state'))).data!.id;
      expect(await admin.put(`${base}/${id}/Actions/State`)).toMatchObject({ code: 200, msg: '禁用成功' });
      expect((await admin.get(`${base}/${id}`)).data).toMatchObject({ enabledMark: 0 });
      expect(await admin.put(`${base}/${id}/Actions/State`)).toMatchObject({ code: 200, msg: '启用成功' });
      expect((await admin.get(`${base}/${id}`)).data).toMatchObject({ enabledMark: 1 });
      expect(await admin.put(`${base}/ghost/Actions/State`)).toMatchObject({ code: 400, msg: '数据不存在' });
    });
  }

  test('bad input, a taken code and unknown ids are refused and change nothing', async () => {
    const { admin } = context();
    const { fullName: _omitted, ...withoutName } = valid('bad');
    expect(await admin.post(base, withoutName)).toMatchObject({ code: 400, msg: '缺少必填字段 fullName' });
    expect(await admin.post(base, { ...valid('bad'), description: 'x'.repeat(501) })).toMatchObject({
      code: 400,
      msg: '字段 description 不能超过 500 个字符',
    });
    expect(await admin.post(base, { ...valid('bad'), sortCode: 'first' })).toMatchObject({ code: 400 });
    const id = (await admin.post<{ id: string }>(base, valid('taken'))).data!.id;
    const again = { ...valid('again'), enCode: 'CODE.TAKEN' };
    expect(await admin.post(base, again)).toMatchObject({ code: 400, msg: area.codeTaken });
    const other = (await admin.post<{ id: string }>(base, valid('other'))).data!.id;
    expect(await admin.put(`${base}/${other}`, { ...valid('other'), enCode: 'code.taken' })).toMatchObject({
      code: 400,
      msg: area.codeTaken,
    });
    expect((await admin.get(`${base}/${other}`)).data).toMatchObject({ enCode: 'code.other' });
    expect(await admin.put(`${base}/ghost`, valid('ghost'))).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await admin.delete(`${base}/ghost`)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await admin.get(`${base}/ghost`)).toMatchObject({ code: 400, msg: '数据不存在' });
    const listed = await admin.get<{ list: { id: string }[] }>(base, { keyword: 'code.' });
    expect(listed.data!.list.map((r) => r.id)).toContain(id);
    expect((await admin.get<{ list: unknown[] }>(base, { keyword: 'bad' })).data!.list).toEqual([]);
  });

  test('someone without the menu grant is refused and changes nothing', async () => {
    const { t, admin } = context();
    const id = (await admin.post<{ id: string }>(base, valid('guarded'))).data!.id;
    const account = `nogrant${base.replace(/\W/g, '').toLowerCase()}`;
    await t.createUser({ account, password: 'Passw0rd' });
    const plain = await t.signIn(account, 'Passw0rd');
    expect(await plain.get(base)).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await plain.get(`${base}/${id}`)).toMatchObject({ code: 403 });
    expect(await plain.post(base, valid('intruder'))).toMatchObject({ code: 403 });
    expect(await plain.put(`${base}/${id}`, { ...valid('guarded'), fullName: '改了' })).toMatchObject({
      code: 403,
    });
    expect(await plain.delete(`${base}/${id}`)).toMatchObject({ code: 403 });
    if (area.hasState) expect(await plain.put(`${base}/${id}/Actions/State`)).toMatchObject({ code: 403 });
    expect((await admin.get(`${base}/${id}`)).data).toMatchObject({
      fullName: '名称guarded',
      ...(area.hasState ? { enabledMark: 1 } : {}),
    });
    expect((await admin.get<{ list: unknown[] }>(base, { keyword: 'intruder' })).data!.list).toEqual([]);
  });
}
