import { type Insertable, sql } from 'kysely';
import { keywordIn } from '../../core/list.ts';
import { RecordRepository } from '../../core/record-repository.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { AreaTable } from '../../db/schema.ts';

export type AreaValues = Omit<Insertable<AreaTable>, 'id' | 'creatorUserId' | 'creatorTime'>;

/** At most this many rows answer one keyword search (all 3,700 divisions fit). */
const SEARCH_CAP = 5_000;

const columns = ['id', 'parentId', 'fullName', 'enCode', 'sortCode', 'enabledMark', 'description'] as const;

export class AreaRepository extends RecordRepository<'area', AreaValues> {
  constructor(db: Db | Trx) {
    super(db, 'area');
  }

  /** The children of `parentId` in tree order, each with whether it has children of its own. */
  children(parentId: string) {
    return this.db
      .selectFrom('area as a')
      .select(['a.id', 'a.fullName', 'a.enCode', 'a.sortCode', 'a.enabledMark'])
      .select((eb) =>
        eb.exists(eb.selectFrom('area as c').select('c.id').whereRef('c.parentId', '=', 'a.id')).as('hasChildren'),
      )
      .where('a.parentId', '=', parentId)
      .orderBy('a.sortCode')
      .orderBy('a.enCode')
      .execute();
  }

  /** Areas anywhere below `parentId` whose name or code contains the keyword, in code order. */
  search(parentId: string, keyword: string) {
    let query = this.db
      .selectFrom('area as a')
      .select(['a.id', 'a.fullName', 'a.enCode', 'a.sortCode', 'a.enabledMark'])
      .select((eb) =>
        eb.exists(eb.selectFrom('area as c').select('c.id').whereRef('c.parentId', '=', 'a.id')).as('hasChildren'),
      )
      .where((eb) => keywordIn(eb, ['a.fullName', 'a.enCode'], keyword));
    if (parentId !== '-1') {
      query = query.where(
        'a.id',
        'in',
        sql<string>`(with recursive below(id) as (
          select id from area where parent_id = ${parentId}
          union all select area.id from area join below on area.parent_id = below.id
        ) select id from below)`,
      );
    }
    return query.orderBy('a.enCode').orderBy('a.id').limit(SEARCH_CAP).execute();
  }

  /** The enabled provinces and their enabled cities, in tree order. */
  twoLevels() {
    return this.db
      .selectFrom('area as a')
      .leftJoin('area as p', 'p.id', 'a.parentId')
      .select(['a.id', 'a.parentId', 'a.fullName', 'a.enCode'])
      .where('a.enabledMark', '=', 1)
      .where((eb) =>
        eb.or([eb('a.parentId', '=', '-1'), eb.and([eb('p.parentId', '=', '-1'), eb('p.enabledMark', '=', 1)])]),
      )
      .orderBy('a.sortCode')
      .orderBy('a.enCode')
      .execute();
  }

  /** The enabled children of `parentId` for pickers, without `exceptId` (the area being edited). */
  enabledChildren(parentId: string, exceptId: string) {
    return this.db
      .selectFrom('area as a')
      .select(['a.id', 'a.fullName'])
      .select((eb) =>
        eb
          .not(
            eb.exists(
              eb
                .selectFrom('area as c')
                .select('c.id')
                .whereRef('c.parentId', '=', 'a.id')
                .where('c.enabledMark', '=', 1),
            ),
          )
          .as('isLeaf'),
      )
      .where('a.parentId', '=', parentId)
      .where('a.enabledMark', '=', 1)
      .where('a.id', '<>', exceptId)
      .orderBy('a.sortCode')
      .orderBy('a.enCode')
      .execute();
  }

  findById(id: string) {
    return this.db.selectFrom('area').select(columns).where('id', '=', id).executeTakeFirst();
  }

  /** Names of the given ids (unknown ids are absent from the answer). */
  names(ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('area').select(['id', 'fullName']).where('id', 'in', ids).execute();
  }

  /** Area codes are compared as typed, not case-ignored as the other records' codes are. */
  override codeTaken(enCode: string, exceptId: string | null): Promise<boolean> {
    let query = this.db.selectFrom('area').select('id').where('enCode', '=', enCode);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return query.executeTakeFirst().then(Boolean);
  }

  hasChildren(id: string): Promise<boolean> {
    return this.db.selectFrom('area').select('id').where('parentId', '=', id).executeTakeFirst().then(Boolean);
  }

  /** Whether `candidate` is `id` itself or lies below it (it cannot become its parent). */
  async isSelfOrBelow(id: string, candidate: string): Promise<boolean> {
    const found = await sql<{ id: string }>`
      with recursive below(id) as (
        select ${id}::text union all select area.id from area join below on area.parent_id = below.id
      ) select id from below where id = ${candidate} limit 1`.execute(this.db);
    return found.rows.length > 0;
  }
}
