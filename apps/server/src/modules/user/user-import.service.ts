import { access } from 'node:fs/promises';
import {
  ACCOUNT_PATTERN,
  EMAIL_PATTERN,
  type ExportQuery,
  MOBILE_PATTERN,
  type UserImportField,
  type UserImportRow,
  userImportColumns,
} from '@platform/shared';
import ExcelJS from 'exceljs';
import { BusinessError } from '../../core/errors.ts';
import type { Lang, Translate } from '../../core/i18n.ts';
import { newId } from '../../core/ids.ts';
import { hashPasswordDigest, md5Hex } from '../../core/password.ts';
import type { DataScope } from '../../core/permissions.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import { checkRolesFitOrganizes } from '../role/role.service.ts';
import type { SysConfigService } from '../sysConfig/sys-config.service.ts';
import { UserAdminRepository } from './user.repository.ts';
import type { UserService } from './user.service.ts';
import type { UserFiles } from './user-files.ts';

export const maxImportRows = 10_000;

const englishLabels: Record<UserImportField, string> = {
  account: 'Account',
  realName: 'Name',
  gender: 'Gender',
  organizeCode: 'Organisation code',
  positionCode: 'Position code',
  roleCode: 'Role code',
  mobilePhone: 'Mobile',
  email: 'Email',
  sortCode: 'Sort',
  description: 'Description',
};
const genders: Record<string, string> = { 男: '1', 女: '2', 保密: '3', 1: '1', 2: '2', 3: '3' };
const genderNames: Record<string, string> = { 1: '男', 2: '女', 3: '保密' };

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());
const codes = (value: unknown) => [
  ...new Set(
    text(value)
      .split(/[,，]/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

interface CheckedRow {
  account: string;
  realName: string;
  gender: string | null;
  organizeIds: string[];
  positionIds: string[];
  roleIds: string[];
  mobilePhone: string | null;
  email: string | null;
  sortCode: number;
  description: string | null;
}

/**
 * Excel import and export of users. Every row is checked on its own and written in its own
 * transaction: a bad row is reported with its reasons and never half-written; good rows go in.
 */
export class UserImportService {
  constructor(
    private readonly db: Db,
    private readonly files: UserFiles,
    private readonly sysConfig: SysConfigService,
    private readonly users: UserService,
  ) {}

  private labels(lang: Lang): Record<UserImportField, string> {
    if (lang === 'en') return englishLabels;
    return Object.fromEntries(userImportColumns) as Record<UserImportField, string>;
  }

  headerRow(lang: Lang) {
    const labels = this.labels(lang);
    return userImportColumns.map(([id]) => ({ id, fullName: labels[id], jnpfKey: 'input', children: [] }));
  }

  /** Writes a sheet and answers the generated name and its download address. */
  private async write(lang: Lang, rows: Record<string, unknown>[], extra?: { key: string; label: string }) {
    const labels = this.labels(lang);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('users');
    sheet.columns = [
      ...userImportColumns.map(([id]) => ({ header: labels[id], key: id, width: 18 })),
      ...(extra ? [{ header: extra.label, key: extra.key, width: 40 }] : []),
    ];
    for (const row of rows) sheet.addRow(row);
    const { name, file } = await this.files.allocate('user-export');
    await workbook.xlsx.writeFile(file);
    return { name, url: `/api/permission/Users/ExportFile/${name}` };
  }

  template(lang: Lang) {
    return this.write(lang, [
      {
        account: 'zhangsan',
        realName: '张三',
        gender: '男',
        organizeCode: 'root',
        positionCode: '',
        roleCode: '',
        mobilePhone: '13800000000',
        email: 'zhangsan@example.com',
        sortCode: 0,
        description: '',
      },
    ]);
  }

  /** The user list as a sheet: the same rows, data scope included, as the page shows. */
  async exportUsers(query: ExportQuery, lang: Lang, scope: DataScope) {
    const all = query.dataType === 1;
    const result = await this.users.list(
      {
        ...query,
        currentPage: all ? 1 : (query.currentPage ?? 1),
        pageSize: all ? 100_000 : (query.pageSize ?? 20),
      } as ExportQuery,
      scope,
    );
    const ids = result.list.map((u) => u.id);
    const repo = new UserAdminRepository(this.db);
    const relations = await repo.relations(ids);
    const codeOf = await this.codeNames(relations.map((r) => r.objectId));
    const joined = (userId: string, kind: string) =>
      relations
        .filter((r) => r.userId === userId && r.objectType === kind)
        .map((r) => codeOf.get(r.objectId) ?? '')
        .filter(Boolean)
        .join(',');
    const details = new Map((await repo.brief({ ids })).map((u) => [u.id, u]));
    return this.write(
      lang,
      result.list.map((u) => ({
        account: u.account,
        realName: u.realName,
        gender: genderNames[u.gender] ?? u.gender,
        organizeCode: joined(u.id, 'Organize'),
        positionCode: joined(u.id, 'Position'),
        roleCode: joined(u.id, 'Role'),
        mobilePhone: u.mobilePhone,
        email: details.get(u.id)?.email ?? '',
        sortCode: u.sortCode,
        description: '',
      })),
    );
  }

  private async codeNames(ids: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    const map = new Map<string, string>();
    if (unique.length === 0) return map;
    for (const table of ['organize', 'position', 'role'] as const) {
      const rows = await new UserAdminRepository(this.db).codesOf(table, unique);
      for (const r of rows) map.set(r.id, r.enCode);
    }
    return map;
  }

  exportFailures(rows: UserImportRow[], lang: Lang, t: Translate) {
    return this.write(
      lang,
      rows.map((r) => ({ ...r })),
      { key: 'errorsInfo', label: t('import.reason') },
    );
  }

  /** Reads an uploaded sheet (by its generated name) into rows keyed by field. */
  async preview(fileName: string, lang: Lang) {
    const file = this.files.resolve('user-import', fileName);
    if (
      !file ||
      !(await access(file).then(
        () => true,
        () => false,
      ))
    )
      throw new BusinessError('user.fileMissing');
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.readFile(file);
    } catch {
      throw new BusinessError('user.badExcel');
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new BusinessError('user.importEmpty');
    // Columns are found by their header text (either language) or, failing that, by position.
    const byHeader = new Map<string, UserImportField>();
    for (const [id, zh] of userImportColumns) {
      byHeader.set(zh, id);
      byHeader.set(englishLabels[id].toLowerCase(), id);
      byHeader.set(id.toLowerCase(), id);
    }
    const columns: (UserImportField | null)[] = [];
    sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
      columns[col] = byHeader.get(text(cell.value).toLowerCase()) ?? byHeader.get(text(cell.value)) ?? null;
    });
    if (!columns.some(Boolean)) {
      for (const [i, [id]] of userImportColumns.entries()) columns[i + 1] = id;
    }
    const dataRow: UserImportRow[] = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const record: Record<string, string> = {};
      row.eachCell({ includeEmpty: false }, (cell, col) => {
        const field = columns[col];
        if (field) record[field] = cellText(cell.value);
      });
      if (Object.values(record).some((v) => v !== '')) dataRow.push(record as UserImportRow);
    });
    if (dataRow.length > maxImportRows) throw new BusinessError('user.importTooMany', { limit: maxImportRows });
    return { headerRow: this.headerRow(lang), dataRow };
  }

  /** Imports the rows; each one all-or-nothing. */
  async importRows(rows: UserImportRow[], session: Session, lang: Lang, t: Translate) {
    if (rows.length === 0) throw new BusinessError('user.importEmpty');
    const labels = this.labels(lang);
    const repo = new UserAdminRepository(this.db);
    const taken = await repo.allAccounts();
    const lookup = async (
      table: 'organize' | 'position' | 'role',
      field: 'organizeCode' | 'positionCode' | 'roleCode',
    ) => {
      const all = [...new Set(rows.flatMap((r) => codes(r[field])))];
      const found = await repo.findByCodes(table, all);
      return new Map(found.map((f) => [f.enCode, f.id]));
    };
    const [organizes, positions, roles] = await Promise.all([
      lookup('organize', 'organizeCode'),
      lookup('position', 'positionCode'),
      lookup('role', 'roleCode'),
    ]);
    const settings = await this.sysConfig.get();
    // One hash for the whole batch: every imported user starts with the same default password.
    const passwordHash = await hashPasswordDigest(md5Hex(String(settings.newUserDefaultPassword)));
    const seen = new Set<string>();
    const failResult: UserImportRow[] = [];
    let snum = 0;
    for (const row of rows) {
      const reasons: string[] = [];
      const checked = this.check(row, { labels, t, organizes, positions, roles, reasons });
      const key = text(row.account).toLowerCase();
      if (key && seen.has(key)) reasons.push(t('import.duplicate'));
      else if (key && taken.has(key)) reasons.push(t('user.accountTaken'));
      if (key) seen.add(key);
      if (reasons.length === 0 && checked) {
        try {
          await this.insert(checked, passwordHash, session);
          taken.add(key);
          snum++;
          continue;
        } catch (error) {
          reasons.push(error instanceof BusinessError ? t(error.key, error.params) : t('common.serverError'));
        }
      }
      failResult.push({ ...row, errorsInfo: reasons.join('；') });
    }
    return { resultType: failResult.length ? 1 : 0, snum, fnum: failResult.length, failResult };
  }

  private async insert(row: CheckedRow, passwordHash: string, session: Session) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new UserAdminRepository(trx);
      if (await repo.accountTaken(row.account, null)) throw new BusinessError('user.accountTaken');
      await checkRolesFitOrganizes(trx, row.roleIds, row.organizeIds);
      const id = newId();
      await repo.insert({
        id,
        account: row.account,
        realName: row.realName,
        passwordHash,
        gender: row.gender,
        organizeId: row.organizeIds[0] ?? null,
        mobilePhone: row.mobilePhone,
        email: row.email,
        sortCode: row.sortCode,
        description: row.description,
        creatorUserId: session.userId,
      });
      await repo.setRelations(id, 'Organize', row.organizeIds);
      await repo.setRelations(id, 'Position', row.positionIds);
      await repo.setRelations(id, 'Role', row.roleIds);
    });
  }

  private check(
    row: UserImportRow,
    ctx: {
      labels: Record<UserImportField, string>;
      t: Translate;
      organizes: Map<string, string>;
      positions: Map<string, string>;
      roles: Map<string, string>;
      reasons: string[];
    },
  ): CheckedRow | null {
    const { labels, t, reasons } = ctx;
    const need = (field: UserImportField, max: number) => {
      const value = text(row[field]);
      if (!value) reasons.push(t('import.required', { field: labels[field] }));
      else if (value.length > max) reasons.push(t('import.tooLong', { field: labels[field], limit: max }));
      return value;
    };
    const optional = (field: UserImportField, max: number, pattern?: RegExp) => {
      const value = text(row[field]);
      if (value.length > max) reasons.push(t('import.tooLong', { field: labels[field], limit: max }));
      else if (value && pattern && !pattern.test(value)) reasons.push(t('import.invalid', { field: labels[field] }));
      return value || null;
    };
    const ids = (field: 'organizeCode' | 'positionCode' | 'roleCode', map: Map<string, string>) => {
      const wanted = codes(row[field]);
      const missing = wanted.filter((c) => !map.has(c));
      if (missing.length) reasons.push(t('import.unknown', { field: labels[field], value: missing.join(',') }));
      return wanted.flatMap((c) => map.get(c) ?? []);
    };
    const account = need('account', 50);
    if (account && account.length <= 50 && !ACCOUNT_PATTERN.test(account)) {
      reasons.push(t('import.invalid', { field: labels.account }));
    }
    const realName = need('realName', 50);
    const genderText = text(row.gender);
    const gender = genderText ? (genders[genderText] ?? null) : null;
    if (genderText && !gender) reasons.push(t('import.invalid', { field: labels.gender }));
    if (!text(row.organizeCode)) reasons.push(t('import.required', { field: labels.organizeCode }));
    const organizeIds = ids('organizeCode', ctx.organizes);
    const positionIds = ids('positionCode', ctx.positions);
    const roleIds = ids('roleCode', ctx.roles);
    const mobilePhone = optional('mobilePhone', 11, MOBILE_PATTERN);
    const email = optional('email', 100, EMAIL_PATTERN);
    const sortText = text(row.sortCode);
    const sortCode = sortText ? Number(sortText) : 0;
    if (sortText && !(Number.isInteger(sortCode) && sortCode >= 0 && sortCode <= 999_999)) {
      reasons.push(t('import.invalid', { field: labels.sortCode }));
    }
    const description = optional('description', 500);
    if (reasons.length) return null;
    return { account, realName, gender, organizeIds, positionIds, roleIds, mobilePhone, email, sortCode, description };
  }
}

/** Cell values as text: rich text, hyperlinks and formulas reduced to what the cell shows. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if (value instanceof Date) return value.toISOString();
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('text' in value) return String(value.text).trim();
    if ('result' in value) return text(value.result);
    return '';
  }
  return String(value).trim();
}
