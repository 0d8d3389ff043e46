import { randomBytes } from 'node:crypto';
import {
  Channel,
  type MessageTemplateInfo,
  type MessageTemplateInput,
  type MessageTemplateQuery,
} from '@platform/shared';
import type { Selectable } from 'kysely';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import { sanitizeRichText } from '../../core/sanitize.ts';
import type { Session } from '../../core/session.ts';
import { flipEnabledMark } from '../../core/state-switch.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { MessageTemplateTable } from '../../db/schema.ts';
import { MessageTemplateRepository } from './msg-template.repository.ts';

type Row = Selectable<MessageTemplateTable>;

/** Fills {field} placeholders of a template's title or content with the parameters given. */
export function renderTemplate(text: string | null, params: Record<string, string>): string {
  if (!text) return '';
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, field: string) =>
    Object.hasOwn(params, field) ? (params[field] ?? '') : whole,
  );
}

/** An e-mail template's body is HTML a mail client renders: kept and answered sanitised; other channels' text is plain. */
const bodyOf = (messageType: string, content: string | null): string | null =>
  messageType === Channel.email ? sanitizeRichText(content) : content;

/** The form fields a message template and a send configuration share (its header), as stored. */
export function headerValues(input: Pick<MessageTemplateInput, HeaderField>) {
  return {
    fullName: input.fullName.trim(),
    enCode: input.enCode.trim(),
    templateType: input.templateType ?? 0,
    messageSource: input.messageSource ?? null,
    enabledMark: input.enabledMark,
    sortCode: input.sortCode ?? 0,
    description: input.description ?? null,
  };
}

type HeaderField =
  | 'fullName'
  | 'enCode'
  | 'templateType'
  | 'messageSource'
  | 'enabledMark'
  | 'sortCode'
  | 'description';

/**
 * What a copy of a template or a send configuration changes: "<name>.副本<time>", the code with
 * `suffix`, disabled until someone checks it.
 */
export function copiedHeader(row: { fullName: string; enCode: string }, suffix: string) {
  return {
    fullName: `${row.fullName}.副本${Date.now().toString().slice(-6)}`.slice(0, 50),
    enCode: `${row.enCode.slice(0, 43)}_${suffix}`,
    enabledMark: 0,
  };
}

export function templateInfo(row: Row): MessageTemplateInfo {
  return {
    id: row.id,
    fullName: row.fullName,
    enCode: row.enCode,
    templateType: row.templateType,
    messageSource: row.messageSource,
    messageType: row.messageType,
    enabledMark: row.enabledMark,
    sortCode: row.sortCode,
    description: row.description,
    title: row.title,
    content: bodyOf(row.messageType, row.content),
    templateCode: row.templateCode,
    wxSkip: row.wxSkip,
    xcxAppId: row.xcxAppId,
    templateParamList: JSON.parse(row.templateParamList) as MessageTemplateInfo['templateParamList'],
    smsFieldList: JSON.parse(row.smsFieldList) as MessageTemplateInfo['smsFieldList'],
    creatorTime: row.creatorTime.getTime(),
    lastModifyTime: toMillis(row.lastModifyTime),
  };
}

export class MessageTemplateService {
  constructor(private readonly db: Db) {}

  /** Templates by id, for senders; `db` is the caller's transaction where the read is part of one. */
  findMany(ids: string[], db: Db | Trx = this.db) {
    return MessageTemplateService.findIn(db, ids);
  }

  /** Templates by id, read in the caller's transaction (senders without a service of their own). */
  static findIn(db: Db | Trx, ids: string[]) {
    return new MessageTemplateRepository(db).findMany(ids);
  }

  async page(query: MessageTemplateQuery) {
    const params = pageParams(query);
    const { list: rows, total } = await new MessageTemplateRepository(this.db).list(
      {
        keyword: params.keyword,
        messageType: query.messageType ?? '',
        messageSource: query.messageSource ?? '',
        templateType: query.templateType ?? '',
        enabledMark: query.enabledMark ?? '',
      },
      params.offset,
      params.pageSize,
    );
    return page(
      rows.map((r) => {
        const { templateParamList: _p, smsFieldList: _s, content: _c, ...rest } = templateInfo(r);
        return { ...rest, creatorUser: r.creatorName ? `${r.creatorName}/${r.creatorAccount}` : null };
      }),
      total,
      params,
    );
  }

  async info(id: string) {
    const row = await new MessageTemplateRepository(this.db).find(id);
    if (!row) throw new NotFoundError();
    return templateInfo(row);
  }

  private values(input: MessageTemplateInput) {
    const fields = new Set(input.templateParamList?.map((p) => p.field) ?? []);
    // Parameters named in the text but not listed are added, so a sender knows every one it must fill.
    const named = `${input.title ?? ''} ${input.content ?? ''}`.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g);
    const params = [...(input.templateParamList ?? [])];
    for (const [, field] of named) {
      if (field && !fields.has(field)) {
        fields.add(field);
        params.push({ field, fieldName: field });
      }
    }
    return {
      ...headerValues(input),
      messageType: input.messageType,
      title: input.title ?? null,
      content: bodyOf(input.messageType, input.content ?? null),
      templateCode: input.templateCode ?? null,
      wxSkip: input.wxSkip ?? null,
      xcxAppId: input.xcxAppId ?? null,
      templateParamList: JSON.stringify(params),
      smsFieldList: JSON.stringify(input.smsFieldList ?? []),
    };
  }

  async create(input: MessageTemplateInput, session: Session) {
    const id = newId();
    await this.db.transaction().execute(async (trx) => {
      const repo = new MessageTemplateRepository(trx);
      if (await repo.codeTaken(input.enCode.trim())) throw new BusinessError('msgTemplate.codeTaken');
      await repo.insert({ id, ...this.values(input), creatorUserId: session.userId });
    });
    return id;
  }

  async update(id: string, input: MessageTemplateInput, session: Session) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new MessageTemplateRepository(trx);
      if (!(await repo.find(id))) throw new NotFoundError();
      if (await repo.codeTaken(input.enCode.trim(), id)) throw new BusinessError('msgTemplate.codeTaken');
      await repo.update(id, { ...this.values(input), lastModifyTime: new Date(), lastModifyUserId: session.userId });
    });
  }

  /** Enables a disabled template or disables an enabled one; answers the new state. */
  toggleState(id: string, session: Session): Promise<number> {
    return flipEnabledMark(this.db, 'messageTemplate', id, session.userId);
  }

  async delete(id: string) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new MessageTemplateRepository(trx);
      if (await repo.usedBySendConfig(id)) throw new BusinessError('msgTemplate.inUse');
      if (!(await repo.delete(id))) throw new NotFoundError();
    });
  }

  /** A copy named "<name>.副本<time>", with a fresh code, disabled until someone checks it. */
  async copy(id: string, session: Session) {
    const newIdValue = newId();
    await this.db.transaction().execute(async (trx) => {
      const repo = new MessageTemplateRepository(trx);
      const row = await repo.find(id);
      if (!row) throw new NotFoundError();
      const suffix = randomBytes(3).toString('hex');
      const { id: _id, creatorTime: _ct, lastModifyTime: _lt, lastModifyUserId: _lu, ...rest } = row;
      await repo.insert({
        ...rest,
        id: newIdValue,
        ...copiedHeader(row, suffix),
        creatorUserId: session.userId,
      });
    });
    return newIdValue;
  }
}
