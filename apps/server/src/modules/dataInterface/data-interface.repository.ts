import { type Insertable, type Selectable, sql } from 'kysely';
import { CategorisedRepository, listedRecordColumns } from '../../core/categorised-repository.ts';
import { type CategorisedFilter, fetchPage, keywordIn } from '../../core/list.ts';
import type { PageParams } from '../../core/paging.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { DataInterfaceLogTable, DataInterfaceTable } from '../../db/schema.ts';

export type DataInterfaceValues = Omit<
  Insertable<DataInterfaceTable>,
  'id' | 'creatorTime' | 'creatorUserId' | 'lastModifyTime' | 'lastModifyUserId'
>;

export interface DataInterfaceFilter extends CategorisedFilter {
  types?: number[] | undefined;
}

const columns = [
  'id',
  'fullName',
  'enCode',
  'category',
  'type',
  'action',
  'hasPage',
  'isPostPosition',
  'dataConfigJson',
  'dataCountJson',
  'dataEchoJson',
  'dataJsJson',
  'dataExceptionJson',
  'fieldJson',
  'parameterJson',
  ...listedRecordColumns,
] as const;

/** A record as the lists answer it. */
export type DataInterfaceListRow = Pick<Selectable<DataInterfaceTable>, (typeof columns)[number]>;

export class DataInterfaceRepository extends CategorisedRepository<
  'dataInterface',
  DataInterfaceValues,
  DataInterfaceFilter,
  DataInterfaceListRow
> {
  constructor(db: Db | Trx) {
    super(db, 'dataInterface');
  }

  protected listQuery(filter: DataInterfaceFilter) {
    const query = this.db.selectFrom('dataInterface').select(columns);
    return filter.types?.length ? query.where('type', 'in', filter.types) : query;
  }

  enabled() {
    return this.all({ enabledMark: 1 });
  }

  findById(id: string) {
    return this.db.selectFrom('dataInterface').select(columns).where('id', '=', id).executeTakeFirst();
  }

  findByCode(enCode: string) {
    return this.db.selectFrom('dataInterface').select(columns).where('enCode', '=', enCode).executeTakeFirst();
  }

  async setState(id: string, enabledMark: number, userId: string) {
    await this.db
      .updateTable('dataInterface')
      .set({ enabledMark, lastModifyTime: new Date(), lastModifyUserId: userId })
      .where('id', '=', id)
      .execute();
  }

  // Variables (DataInterfaceVariate).

  variates(interfaceId: string, keyword = '') {
    let query = this.db
      .selectFrom('dataInterfaceVariate')
      .select(['id', 'interfaceId', 'fullName', 'expression', 'creatorTime'])
      .where('interfaceId', '=', interfaceId);
    if (keyword) query = query.where((eb) => keywordIn(eb, ['fullName'], keyword));
    return query.orderBy('creatorTime').orderBy('id').execute();
  }

  allVariates() {
    return this.db
      .selectFrom('dataInterfaceVariate')
      .select(['id', 'interfaceId', 'fullName'])
      .orderBy('creatorTime')
      .execute();
  }

  findVariate(id: string) {
    return this.db
      .selectFrom('dataInterfaceVariate')
      .select(['id', 'interfaceId', 'fullName', 'expression', 'creatorTime'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  variateNameTaken(interfaceId: string, fullName: string, exceptId: string | null) {
    let query = this.db
      .selectFrom('dataInterfaceVariate')
      .select('id')
      .where('interfaceId', '=', interfaceId)
      .where(sql`lower(full_name)`, '=', fullName.toLowerCase());
    if (exceptId) query = query.where('id', '<>', exceptId);
    return query.executeTakeFirst().then(Boolean);
  }

  async insertVariate(
    id: string,
    values: { interfaceId: string; fullName: string; expression: string },
    userId: string,
  ) {
    await this.db
      .insertInto('dataInterfaceVariate')
      .values({ ...values, id, creatorUserId: userId })
      .execute();
  }

  async updateVariate(
    id: string,
    values: { interfaceId: string; fullName: string; expression: string },
    userId: string,
  ) {
    await this.db
      .updateTable('dataInterfaceVariate')
      .set({ ...values, lastModifyTime: new Date(), lastModifyUserId: userId })
      .where('id', '=', id)
      .execute();
  }

  async deleteVariate(id: string) {
    await this.db.deleteFrom('dataInterfaceVariate').where('id', '=', id).execute();
  }

  organizeOf(userId: string) {
    return this.db
      .selectFrom('appUser')
      .select('organizeId')
      .where('id', '=', userId)
      .executeTakeFirst()
      .then((row) => row?.organizeId ?? '');
  }

  // The call log.

  /**
   * One statement for a batch, its columns as arrays: ten parameters whatever the batch's size, so
   * the statement is prepared once per connection (a multi-row VALUES of 200 entries has 2,000
   * parameters and was parsed and planned anew every time: it halved the calls a second).
   */
  async insertLogs(entries: Insertable<DataInterfaceLogTable>[]) {
    if (entries.length === 0) return;
    const column = <T>(pick: (e: Insertable<DataInterfaceLogTable>) => T) => entries.map(pick);
    await sql`
      insert into data_interface_log
        (id, interface_id, user_id, invok_time, invok_waste_time, invok_state, invok_size, invok_ip, origin, message)
      select * from unnest(${column((e) => e.id)}::text[], ${column((e) => e.interfaceId)}::text[],
        ${column((e) => e.userId ?? null)}::text[], ${column((e) => new Date(e.invokTime ?? Date.now()).toISOString())}::timestamptz[],
        ${column((e) => e.invokWasteTime)}::integer[], ${column((e) => e.invokState)}::smallint[],
        ${column((e) => e.invokSize ?? 0)}::integer[], ${column((e) => e.invokIp ?? null)}::text[],
        ${column((e) => e.origin ?? null)}::text[], ${column((e) => e.message ?? null)}::text[])`.execute(this.db);
  }

  async pruneLogs(before: Date) {
    await this.db.deleteFrom('dataInterfaceLog').where('invokTime', '<', before).execute();
  }

  logs(interfaceId: string, params: PageParams) {
    let query = this.db
      .selectFrom('dataInterfaceLog as l')
      .leftJoin('appUser as u', 'u.id', 'l.userId')
      .select([
        'l.id',
        'l.interfaceId',
        'l.userId',
        'u.realName',
        'u.account',
        'l.invokTime',
        'l.invokWasteTime',
        'l.invokState',
        'l.invokSize',
        'l.invokIp',
        'l.origin',
        'l.message',
      ])
      .where('l.interfaceId', '=', interfaceId);
    if (params.keyword)
      query = query.where((eb) => keywordIn(eb, ['u.realName', 'u.account', 'l.invokIp'], params.keyword));
    return fetchPage(query.orderBy('l.invokTime', 'desc').orderBy('l.id', 'desc'), params);
  }
}
