import { type Insertable, sql } from 'kysely';
import { fetchPage } from '../../core/list.ts';
import type { PageParams } from '../../core/paging.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { FlowCommentTable } from '../../db/schema.ts';

/** Comments on a flow instance (流程评论), with the writer's name. */
export class CommentRepository {
  constructor(private readonly db: Db | Trx) {}

  page(taskId: string, params: PageParams) {
    const q = this.db
      .selectFrom('flowComment as c')
      .leftJoin('appUser as u', 'u.id', 'c.creatorUserId')
      .selectAll('c')
      .select(sql<string>`coalesce(u.real_name, '')`.as('creatorUser'))
      .where('c.taskId', '=', taskId);
    return fetchPage(q.orderBy('c.creatorTime', 'desc').orderBy('c.id', 'desc'), params);
  }
  find(id: string) {
    return this.db.selectFrom('flowComment').selectAll().where('id', '=', id).executeTakeFirst();
  }
  insert(values: Insertable<FlowCommentTable>) {
    return this.db.insertInto('flowComment').values(values).execute();
  }
  delete(id: string) {
    return this.db.deleteFrom('flowComment').where('id', '=', id).execute();
  }
}
