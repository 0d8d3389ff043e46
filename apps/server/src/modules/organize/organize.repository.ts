import { sql } from 'kysely';
import { forgetPermissionHolder } from '../../core/permissions.repository.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { OrganizeRow } from '../../db/schema.ts';

export type NewOrganize = Omit<OrganizeRow, 'creatorTime' | 'lastModifyTime' | 'lastModifyUserId'>;

export class OrganizeRepository {
  constructor(private readonly db: Db | Trx) {}

  findById(id: string): Promise<OrganizeRow | undefined> {
    return this.db.selectFrom('organize').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Every organisation in display order; trees are built from this (hundreds of rows, not millions). */
  all(): Promise<OrganizeRow[]> {
    return this.db.selectFrom('organize').selectAll().orderBy('sortCode').orderBy('creatorTime').execute();
  }

  codeTaken(enCode: string, exceptId: string | null): Promise<boolean> {
    let query = this.db.selectFrom('organize').select('id').where(sql`lower(en_code)`, '=', enCode.toLowerCase());
    if (exceptId) query = query.where('id', '<>', exceptId);
    return query.executeTakeFirst().then(Boolean);
  }

  nameTaken(parentId: string, fullName: string, exceptId: string | null): Promise<boolean> {
    let query = this.db
      .selectFrom('organize')
      .select('id')
      .where('parentId', '=', parentId)
      .where('fullName', '=', fullName);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return query.executeTakeFirst().then(Boolean);
  }

  async insert(row: NewOrganize) {
    await this.db.insertInto('organize').values(row).execute();
  }

  async update(id: string, changes: Partial<NewOrganize> & { lastModifyTime: Date; lastModifyUserId: string }) {
    await this.db.updateTable('organize').set(changes).where('id', '=', id).execute();
  }

  /** Rewrites the id paths of a moved node and everything below it. */
  async moveSubtree(oldTree: string, newTree: string) {
    await this.db
      .updateTable('organize')
      .set({ organizeIdTree: sql<string>`${newTree} || substr(organize_id_tree, ${oldTree.length + 1})` })
      .where((eb) => eb.or([eb('organizeIdTree', '=', oldTree), eb('organizeIdTree', 'like', `${oldTree},%`)]))
      .execute();
  }

  hasChildren(id: string): Promise<boolean> {
    return this.db.selectFrom('organize').select('id').where('parentId', '=', id).executeTakeFirst().then(Boolean);
  }

  async hasUsers(id: string): Promise<boolean> {
    const direct = await this.db.selectFrom('appUser').select('id').where('organizeId', '=', id).executeTakeFirst();
    if (direct) return true;
    return this.db
      .selectFrom('userRelation')
      .select('id')
      .where('objectType', '=', 'Organize')
      .where('objectId', '=', id)
      .executeTakeFirst()
      .then(Boolean);
  }

  hasPositions(id: string): Promise<boolean> {
    return this.db.selectFrom('position').select('id').where('organizeId', '=', id).executeTakeFirst().then(Boolean);
  }

  countTop(): Promise<number> {
    return this.db
      .selectFrom('organize')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('parentId', '=', '-1')
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  async delete(id: string) {
    await forgetPermissionHolder(this.db, 'Organize', id);
    await this.db.deleteFrom('organize').where('id', '=', id).execute();
  }

  /** The organisations a user belongs to (the subtrees of these are what they may see). */
  userOrganizeIds(userId: string): Promise<string[]> {
    return this.db
      .selectFrom('userRelation')
      .select('objectId')
      .where('userId', '=', userId)
      .where('objectType', '=', 'Organize')
      .execute()
      .then((rows) => rows.map((r) => r.objectId));
  }

  userExists(id: string): Promise<boolean> {
    return this.db.selectFrom('appUser').select('id').where('id', '=', id).executeTakeFirst().then(Boolean);
  }
}
