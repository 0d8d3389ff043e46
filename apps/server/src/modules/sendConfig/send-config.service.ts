import {
  Channel,
  type EmailInfo,
  type PageQuery,
  type SendMessageConfigInfo,
  type SendMessageConfigInput,
  type SendMessageConfigQuery,
  type SendMessageInput,
  type SendMessageResult,
  type SendTestInput,
  type SendTestItem,
  type SendTestResult,
} from '@platform/shared';
import type { Selectable } from 'kysely';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { type Translate, translator } from '../../core/i18n.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import { sanitizeRichText } from '../../core/sanitize.ts';
import type { Session } from '../../core/session.ts';
import { flipEnabledMark } from '../../core/state-switch.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { SendMessageConfigTable } from '../../db/schema.ts';
import { copiedHeader, headerValues, type MessageTemplateService } from '../msgTemplate/msg-template.service.ts';
import type { ChannelRegistry } from './channels.ts';
import type { MessageDelivery } from './message-delivery.ts';
import { SendConfigRepository } from './send-config.repository.ts';

type Row = Selectable<SendMessageConfigTable>;
type ConfigTemplate = SendMessageConfigInput['sendConfigTemplateList'][number];
/** The send log is read by administrators in Chinese, as the rest of the console. */
const logText = translator('zh-CN');

function info(row: Row): SendMessageConfigInfo {
  return {
    id: row.id,
    fullName: row.fullName,
    enCode: row.enCode,
    templateType: row.templateType,
    messageSource: row.messageSource,
    enabledMark: row.enabledMark,
    sortCode: row.sortCode,
    description: row.description,
    sendConfigTemplateList: JSON.parse(row.sendConfigTemplateList) as SendMessageConfigInfo['sendConfigTemplateList'],
    creatorTime: row.creatorTime.getTime(),
    lastModifyTime: toMillis(row.lastModifyTime),
  };
}

const switchedOn = (config: Row) =>
  (JSON.parse(config.sendConfigTemplateList) as ConfigTemplate[]).filter((t) => t.enabledMark !== 0);

export class SendConfigService {
  constructor(
    private readonly db: Db,
    private readonly channels: ChannelRegistry,
    private readonly templates: MessageTemplateService,
    private readonly delivery: MessageDelivery,
  ) {}

  async page(query: SendMessageConfigQuery) {
    const params = pageParams(query);
    const { list: rows, total } = await new SendConfigRepository(this.db).list(
      { keyword: params.keyword, enabledMark: query.enabledMark ?? '', messageSource: query.messageSource ?? '' },
      params.offset,
      params.pageSize,
    );
    return page(rows.map(info), total, params);
  }

  async info(id: string) {
    const row = await new SendConfigRepository(this.db).find(id);
    if (!row) throw new NotFoundError();
    return info(row);
  }

  private values(input: SendMessageConfigInput) {
    return {
      ...headerValues(input),
      sendConfigTemplateList: JSON.stringify(
        input.sendConfigTemplateList.map((t) => ({ ...t, id: t.id ?? newId(), enabledMark: t.enabledMark ?? 1 })),
      ),
    };
  }

  private async checkTemplates(trx: Trx, input: SendMessageConfigInput) {
    const ids = [...new Set(input.sendConfigTemplateList.map((t) => t.templateId))];
    const found = new Set((await this.templates.findMany(ids, trx)).map((t) => t.id));
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw new BusinessError('sendConfig.templateMissing', { id: missing });
  }

  async create(input: SendMessageConfigInput, session: Session) {
    const id = newId();
    await this.db.transaction().execute(async (trx) => {
      const repo = new SendConfigRepository(trx);
      if (await repo.codeTaken(input.enCode.trim())) throw new BusinessError('sendConfig.codeTaken');
      await this.checkTemplates(trx, input);
      await repo.insert({ id, ...this.values(input), creatorUserId: session.userId });
    });
    return id;
  }

  async update(id: string, input: SendMessageConfigInput, session: Session) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new SendConfigRepository(trx);
      if (!(await repo.find(id))) throw new NotFoundError();
      if (await repo.codeTaken(input.enCode.trim(), id)) throw new BusinessError('sendConfig.codeTaken');
      await this.checkTemplates(trx, input);
      await repo.update(id, {
        ...this.values(input),
        lastModifyTime: new Date(),
        lastModifyUserId: session.userId,
      });
    });
  }

  async delete(id: string) {
    if (!(await new SendConfigRepository(this.db).delete(id))) throw new NotFoundError();
  }

  /** Enables a disabled configuration or disables an enabled one; answers the new state. */
  toggleState(id: string, session: Session): Promise<number> {
    return flipEnabledMark(this.db, 'sendMessageConfig', id, session.userId);
  }

  async copy(id: string, session: Session) {
    const copyId = newId();
    await this.db.transaction().execute(async (trx) => {
      const repo = new SendConfigRepository(trx);
      const row = await repo.find(id);
      if (!row) throw new NotFoundError();
      const { id: _id, creatorTime: _ct, lastModifyTime: _lt, lastModifyUserId: _lu, ...rest } = row;
      await repo.insert({
        ...rest,
        id: copyId,
        ...copiedHeader(row, copyId.slice(-6)),
        creatorUserId: session.userId,
      });
    });
    return copyId;
  }

  async logs(id: string, query: PageQuery) {
    const params = pageParams(query);
    const rows = await new SendConfigRepository(this.db).logs(id, params.offset, params.pageSize);
    return {
      list: rows.map((r) => ({ ...r, creatorTime: r.creatorTime.getTime() })),
    };
  }

  /**
   * One e-mail of the send log for the /emailDetail page: its recipient reads it, and so does whoever
   * may open the send configurations (the log's readers). To anyone else it does not exist. The
   * sender is the SMTP account of the system configuration (the log keeps no From of its own).
   */
  async email(id: string, session: Session, mayReadLog: () => Promise<boolean>): Promise<EmailInfo> {
    const row = await new SendConfigRepository(this.db).email(id);
    if (!row || (row.toUserId !== session.userId && !session.isAdministrator && !(await mayReadLog()))) {
      throw new NotFoundError();
    }
    const sender = await this.channels.emailSender();
    const time = row.creatorTime.getTime();
    const address = row.recipient ?? '';
    return {
      id: row.id,
      subject: row.title ?? '',
      sender: sender.account,
      senderName: sender.name,
      recipient: address,
      mAccount: address,
      toUserName: row.toAccount ? `${row.toRealName ?? ''}/${row.toAccount}` : null,
      creatorTime: time,
      fdate: time,
      cc: null,
      bcc: null,
      attachment: null,
      bodyText: sanitizeRichText(row.content ?? '') ?? '',
      status: row.status,
      error: row.error,
    };
  }

  /**
   * Sends through every enabled channel of the configuration: the in-app channel stores a message
   * and pushes it; the others go in the outbox in the same transaction and out through the job
   * runner. Every message has its send-log row (in Chinese); the answer counts them per channel.
   */
  async send(
    id: string,
    input: SendMessageInput,
    session: Session,
    t: Translate = logText,
  ): Promise<SendMessageResult> {
    const items = await this.enabledItems(id);
    const toUserIds = input.toUserIds;
    const params = input.paramMap ?? {};
    return this.delivery.deliver(
      items.map((item) => ({
        sendConfigId: id,
        templateId: item.templateId,
        messageType: item.messageType,
        toUserIds,
        params,
      })),
      session.userId,
      t,
      'outbox',
    );
  }

  /** The channels of an enabled configuration that are switched on. */
  private async enabledItems(id: string): Promise<ConfigTemplate[]> {
    const config = await new SendConfigRepository(this.db).find(id);
    if (!config) throw new NotFoundError();
    if (config.enabledMark !== 1) throw new BusinessError('sendConfig.disabled');
    return switchedOn(config);
  }

  /**
   * The switched-on channels of configuration `id`, read in the caller's transaction (flow events
   * send inside the action's); none when it is missing or disabled.
   */
  static async channelsOf(db: Db | Trx, id: string): Promise<ConfigTemplate[]> {
    const config = await new SendConfigRepository(db).find(id);
    return config?.enabledMark === 1 ? switchedOn(config) : [];
  }

  /**
   * Send log rows of in-app messages another module stored in its own transaction `trx` (flow
   * messages): one 'sent' row per recipient, as `send` writes them.
   */
  static async logInApp(
    trx: Trx,
    entry: { sendConfigId: string; templateId: string; title: string; content: string },
    userIds: string[],
  ) {
    if (!userIds.length) return;
    const repo = new SendConfigRepository(trx);
    const users = await repo.recipients([...new Set(userIds)]);
    await repo.log(
      users.map((r) => ({
        ...entry,
        id: newId(),
        messageType: Channel.inApp,
        toUserId: r.id,
        recipient: r.account,
        status: 'sent',
      })),
    );
  }

  /**
   * `POST SendMessageConfig/getTestConfig/{id}` (the 3.6 client's test-send dialog): one entry per
   * channel switched on, with the template's parameters to fill in and no recipients yet.
   */
  async testConfig(id: string): Promise<SendTestItem[]> {
    const items = await this.enabledItems(id);
    const templates = new Map((await this.templates.findMany(items.map((t) => t.templateId))).map((t) => [t.id, t]));
    return items.map((item) => {
      const template = templates.get(item.templateId);
      const params = template ? (JSON.parse(template.templateParamList) as { field: string; fieldName: string }[]) : [];
      return {
        sendConfigId: id,
        templateId: item.templateId,
        msgTemplateName: template?.fullName ?? '',
        messageType: item.messageType,
        toUser: [],
        paramJson: params.map((p) => ({ field: p.field, fieldName: p.fieldName, value: '' })),
      };
    });
  }

  /**
   * `POST SendMessageConfig/testSendConfig`: the entries of getTestConfig sent back with recipients
   * and parameter values; each goes out through its channel as a real send would (and is logged).
   * Answers each entry's outcome, a failure's reason in the caller's language.
   */
  async testSend(entries: SendTestInput, session: Session, t: Translate = logText): Promise<SendTestResult[]> {
    const result = await this.delivery.deliver(
      entries.map((entry) => ({
        sendConfigId: entry.sendConfigId ?? null,
        templateId: entry.templateId,
        messageType: entry.messageType,
        toUserIds: entry.toUser,
        params: Object.fromEntries((entry.paramJson ?? []).map((p) => [p.field, p.value ?? ''])),
      })),
      session.userId,
      t,
      'now',
    );
    return result.channels.map((channel) => ({
      messageType: channel.messageType,
      isSuccess: channel.isSuccess,
      result: channel.result ?? t('sendConfig.sent'),
    }));
  }
}
