import type { Insertable, Updateable } from 'kysely';
import { fetchPage } from '../../core/list.ts';
import { likePattern } from '../../core/paging.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { MessageTemplateTable } from '../../db/schema.ts';

export interface TemplateFilters {
  keyword: string;
  messageType: string;
  messageSource: string;
  templateType: string;
  enabledMark: string;
}

export class MessageTemplateRepository {
  constructor(private readonly db: Db | Trx) {}

  async list(filters: TemplateFilters, offset: number, limit: number) {
    let base = this.db.selectFrom('messageTemplate');
    if (filters.keyword) {
      const pattern = likePattern(filters.keyword);
      base = base.where((eb) =>
        eb.or([eb('messageTemplate.fullName', 'ilike', pattern), eb('messageTemplate.enCode', 'ilike', pattern)]),
      );
    }
    if (filters.messageType) base = base.where('messageTemplate.messageType', '=', filters.messageType);
    if (filters.messageSource) base = base.where('messageTemplate.messageSource', '=', filters.messageSource);
    if (filters.templateType) base = base.where('messageTemplate.templateType', '=', Number(filters.templateType));
    if (filters.enabledMark) base = base.where('messageTemplate.enabledMark', '=', Number(filters.enabledMark));
    return fetchPage(
      base
        .leftJoin('appUser', 'appUser.id', 'messageTemplate.creatorUserId')
        .selectAll('messageTemplate')
        .select(['appUser.realName as creatorName', 'appUser.account as creatorAccount'])
        .orderBy('messageTemplate.sortCode')
        .orderBy('messageTemplate.creatorTime', 'desc'),
      { offset: offset, pageSize: limit },
    );
  }

  find(id: string) {
    return this.db.selectFrom('messageTemplate').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMany(ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('messageTemplate').selectAll().where('id', 'in', ids).execute();
  }

  async codeTaken(enCode: string, exceptId?: string) {
    let query = this.db.selectFrom('messageTemplate').select('id').where('enCode', '=', enCode);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return Boolean(await query.executeTakeFirst());
  }

  async insert(values: Insertable<MessageTemplateTable>) {
    await this.db.insertInto('messageTemplate').values(values).execute();
  }

  async update(id: string, values: Updateable<MessageTemplateTable>) {
    const result = await this.db.updateTable('messageTemplate').set(values).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async delete(id: string) {
    const result = await this.db.deleteFrom('messageTemplate').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Whether a send configuration names the template (stored as JSON text, so matched by its id). */
  async usedBySendConfig(id: string) {
    const row = await this.db
      .selectFrom('sendMessageConfig')
      .select('id')
      .where('sendConfigTemplateList', 'like', `%"templateId":"${id}"%`)
      .executeTakeFirst();
    return Boolean(row);
  }
}
