import {
  type ColumnDefinition,
  type PageData,
  type ShortLinkCheck,
  type ShortLinkConfig,
  type ShortLinkConfigQuery,
  type ShortLinkInfo,
  type ShortLinkInput,
  type ShortLinkKind,
  type ShortLinkListBody,
  type ShortLinkRecordBody,
  shortLinkPage,
} from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import type { Translate } from '../../core/i18n.ts';
import { hashPasswordDigest, md5Hex, verifyPasswordDigest } from '../../core/password.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import { consumeCaptcha } from '../oauth/captcha.ts';
import type { RecordService } from './record.service.ts';
import type { Reach } from './record-checks.ts';
import { ShortLinkRepository, type ShortLinkRow } from './short-link.repository.ts';
import type { FormDefinitionService } from './visualdev.service.ts';

const parseFields = (text: string): string[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * A definition's short link (外链, shell.md 2.1 `/formShortLink`): the form designer sets it; the
 * public pages fill the released form and read the released list without a session, each only
 * when enabled and with its password when one is set. Public records belong to nobody.
 */
export class ShortLinkService {
  constructor(
    private readonly db: Db,
    private readonly definitions: FormDefinitionService,
    private readonly records: RecordService,
  ) {}

  async info(modelId: string): Promise<ShortLinkInfo> {
    await this.definitions.info(modelId);
    const row = await new ShortLinkRepository(this.db).find(modelId);
    return {
      id: modelId,
      formUse: row?.formUse ?? 0,
      formPassUse: row?.formPassUse ?? 0,
      columnUse: row?.columnUse ?? 0,
      columnPassUse: row?.columnPassUse ?? 0,
      columnText: row ? parseFields(row.columnText) : [],
      hasFormPassword: Boolean(row?.formPassword),
      hasColumnPassword: Boolean(row?.columnPassword),
      formLink: shortLinkPage(modelId, 'form'),
      columnLink: shortLinkPage(modelId, 'list'),
    };
  }

  async save(modelId: string, input: ShortLinkInput, session: Session) {
    await this.definitions.info(modelId);
    const repo = new ShortLinkRepository(this.db);
    const stored = await repo.find(modelId);
    // A password typed now replaces the stored one; none typed keeps it; switched off, it goes.
    const password = async (use: number, typed: string | undefined, kept: string | null | undefined) => {
      if (!use) return null;
      if (typed) return hashPasswordDigest(md5Hex(typed));
      if (kept) return kept;
      throw new BusinessError('visualdev.linkPasswordMissing');
    };
    await repo.save({
      id: modelId,
      formUse: input.formUse,
      formPassUse: input.formPassUse,
      formPassword: await password(input.formPassUse, input.formPassword, stored?.formPassword),
      columnUse: input.columnUse,
      columnPassUse: input.columnPassUse,
      columnPassword: await password(input.columnPassUse, input.columnPassword, stored?.columnPassword),
      columnText: JSON.stringify([...new Set(input.columnText)]),
      creatorUserId: session.userId,
    });
  }

  /** The link of a public page, refused when that page is not enabled. */
  private async link(modelId: string, kind: ShortLinkKind): Promise<ShortLinkRow> {
    const row = await new ShortLinkRepository(this.db).find(modelId);
    if (!row || !(kind === 'form' ? row.formUse : row.columnUse)) throw new BusinessError('visualdev.linkClosed');
    return row;
  }

  private async passes(row: ShortLinkRow, kind: ShortLinkKind, password: string | undefined): Promise<boolean> {
    const [use, stored] =
      kind === 'form' ? [row.formPassUse, row.formPassword] : [row.columnPassUse, row.columnPassword];
    if (!use) return true;
    return Boolean(stored && password && (await verifyPasswordDigest(stored, md5Hex(password))));
  }

  /** The page's link and reach once its password (when set) is right; a wrong one is refused. */
  private async open(modelId: string, kind: ShortLinkKind, password: string | undefined) {
    const row = await this.link(modelId, kind);
    if (!(await this.passes(row, kind, password))) throw new BusinessError('visualdev.linkPassword');
    const columns = kind === 'list' ? parseFields(row.columnText) : null;
    return { row, reach: await this.records.publicReach(modelId, columns) };
  }

  async check(modelId: string, body: ShortLinkCheck) {
    await this.open(modelId, body.type, body.password);
  }

  async config(modelId: string, query: ShortLinkConfigQuery): Promise<ShortLinkConfig> {
    const row = await this.link(modelId, query.type);
    const passUse = query.type === 'form' ? row.formPassUse : row.columnPassUse;
    const reach = await this.records.publicReach(modelId, null);
    const locked = { fullName: reach.definition.fullName, passUse, formData: '', columnData: '' };
    if (!(await this.passes(row, query.type, query.password))) return locked;
    return { ...locked, formData: reach.definition.formText, columnData: JSON.stringify(this.publicList(reach, row)) };
  }

  /** The list definition the public list page gets: the shown fields' columns and searches only. */
  private publicList(reach: Reach, row: ShortLinkRow): ColumnDefinition {
    const shown = new Set(parseFields(row.columnText));
    const list = reach.definition.list;
    return {
      ...list,
      columnList: (list.columnList ?? []).filter((c) => shown.has(c.prop)),
      searchList: (list.searchList ?? []).filter((s) => shown.has(s.prop)),
      btnsList: [],
      columnBtnsList: [],
    };
  }

  /** A visitor's filled form: the link open, its password right, the captcha answered (used up either way). */
  async submit(modelId: string, body: ShortLinkRecordBody): Promise<string> {
    const { reach } = await this.open(modelId, 'form', body.password);
    await consumeCaptcha(this.db, body.timestamp, body.code);
    return this.records.insertRecord(reach, null, body.data);
  }

  async list(modelId: string, body: ShortLinkListBody, t: Translate): Promise<PageData<Record<string, unknown>>> {
    const { reach } = await this.open(modelId, 'list', body.password);
    return this.records.listOf(
      reach,
      { currentPage: body.currentPage ?? 1, pageSize: body.pageSize ?? 20, queryJson: body.queryJson ?? '' },
      t,
      true,
    );
  }
}
