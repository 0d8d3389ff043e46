import { fetchPage, keywordIn } from '../../core/list.ts';
import type { PageParams } from '../../core/paging.ts';
import { RecordRepository } from '../../core/record-repository.ts';
import type { Db, Trx } from '../../db/database.ts';

export interface SignatureValues {
  fullName: string;
  enCode: string;
  image: string;
  sortCode: number;
  description: string | null;
}

const columns = [
  's.id',
  's.fullName',
  's.enCode',
  's.image',
  's.sortCode',
  's.description',
  's.creatorTime',
  's.lastModifyTime',
] as const;

/** The largest picker list: a user is granted a handful of signatures, never thousands. */
const selectorCap = 500;

/**
 * The administered signatures of the signature store (rows without an owner; the personal ones
 * are the profile's) and the users each is granted to.
 */
export class SignatureRepository extends RecordRepository<'signature', SignatureValues> {
  constructor(db: Db | Trx) {
    super(db, 'signature');
  }

  private administered() {
    return this.db.selectFrom('signature as s').where('s.ownerUserId', 'is', null);
  }

  private filtered(filter: { keyword: string; userId?: string | undefined }) {
    let query = this.administered().select(columns);
    if (filter.keyword) query = query.where((eb) => keywordIn(eb, ['s.fullName', 's.enCode'], filter.keyword));
    if (filter.userId) {
      const userId = filter.userId;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('signatureUser as g')
            .select('g.userId')
            .whereRef('g.signatureId', '=', 's.id')
            .where('g.userId', '=', userId),
        ),
      );
    }
    return query.orderBy('s.sortCode').orderBy('s.creatorTime', 'desc').orderBy('s.id');
  }

  page(params: PageParams, userId: string | undefined) {
    return fetchPage(this.filtered({ keyword: params.keyword, userId }), params);
  }

  findById(id: string) {
    return this.administered().select(columns).where('s.id', '=', id).executeTakeFirst();
  }

  /** The signatures granted to a user, for the picker. */
  grantedTo(userId: string) {
    return this.filtered({ keyword: '', userId }).limit(selectorCap).execute();
  }

  byIds(ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.administered().select(columns).where('s.id', 'in', ids).execute();
  }

  /** The granted users of these signatures, each with "name/account", in the order they were given. */
  grants(signatureIds: string[]) {
    if (signatureIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('signatureUser as g')
      .innerJoin('appUser as u', 'u.id', 'g.userId')
      .select(['g.signatureId', 'g.userId', 'u.realName', 'u.account'])
      .where('g.signatureId', 'in', signatureIds)
      .orderBy('g.signatureId')
      .orderBy('g.sortCode')
      .execute();
  }

  /** Which of `ids` name existing users. */
  async existingUsers(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('appUser').select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  /** Only the company's signatures: a personal one (with an owner) is its owner's to change. */
  override async update(id: string, values: SignatureValues, userId: string) {
    await this.db
      .updateTable('signature')
      .set({ ...values, lastModifyTime: new Date(), lastModifyUserId: userId })
      .where('id', '=', id)
      .where('ownerUserId', 'is', null)
      .execute();
  }

  /** Replaces the users granted a signature. */
  async setGrants(signatureId: string, userIds: string[]) {
    await this.db.deleteFrom('signatureUser').where('signatureId', '=', signatureId).execute();
    if (userIds.length === 0) return;
    await this.db
      .insertInto('signatureUser')
      .values(userIds.map((userId, sortCode) => ({ signatureId, userId, sortCode })))
      .execute();
  }

  /** Its grants go with it (on delete cascade). */
  override async delete(id: string) {
    await this.db.deleteFrom('signature').where('id', '=', id).where('ownerUserId', 'is', null).execute();
  }
}
