import {
  ACCOUNT_PATTERN,
  EMAIL_PATTERN,
  type ExportQuery,
  MOBILE_PATTERN,
  type UserImportField,
  userImportColumns,
} from '@platform/shared';
import type { DelegationGuard } from '../../core/delegation.ts';
import type { MessageKey } from '../../core/i18n.ts';
import { newId } from '../../core/ids.ts';
import { hashPasswordDigest, md5Hex } from '../../core/password.ts';
import type { DataScope } from '../../core/permissions.ts';
import type { Session } from '../../core/session.ts';
import type { RowProblems, SheetImportDefinition, SheetImporter, SheetRow } from '../../core/sheet-import.ts';
import type { Db, Trx } from '../../db/database.ts';
import { roleOrganizeScopes } from '../role/role.service.ts';
import type { SysConfigService } from '../sysConfig/sys-config.service.ts';
import { UserAdminRepository } from './user.repository.ts';
import type { UserService } from './user.service.ts';
import { menu } from './user-route-paths.ts';

const genders: Record<string, string> = { 男: '1', 女: '2', 保密: '3', 1: '1', 2: '2', 3: '3' };
const genderNames: Record<string, string> = { 1: '男', 2: '女', 3: '保密' };
const required = new Set<UserImportField>(['account', 'realName', 'organizeCode']);

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());
const codes = (value: unknown) => [
  ...new Set(
    text(value)
      .split(/[,，]/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

export interface CheckedUser {
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
  /** The default password's hash, made once per import and only when something is written. */
  passwordHash: () => Promise<string>;
}

/** What the checks of a file's rows look up once for the whole file. */
async function fileLookups(
  db: Db,
  sysConfig: SysConfigService,
  delegation: DelegationGuard,
  rows: SheetRow<UserImportField>[],
  session: Session,
) {
  const repo = new UserAdminRepository(db);
  const lookup = async (table: 'organize' | 'position' | 'role', field: UserImportField) => {
    const found = await repo.findByCodes(table, [...new Set(rows.flatMap((r) => codes(r[field])))]);
    return new Map(found.map((f) => [f.enCode, f.id]));
  };
  const [taken, organizes, positions, roles] = await Promise.all([
    repo.allAccounts(),
    lookup('organize', 'organizeCode'),
    lookup('position', 'positionCode'),
    lookup('role', 'roleCode'),
  ]);
  const roleScopes = await roleOrganizeScopes(db, [...roles.values()]);
  // What the importer may not give: a row that would give it is refused, naming why.
  const refusals = await delegation.refusals(session, menu, [
    ...[...organizes.values()].map((objectId) => ({ objectType: 'Organize' as const, objectId })),
    ...[...positions.values()].map((objectId) => ({ objectType: 'Position' as const, objectId })),
    ...[...roles.values()].map((objectId) => ({ objectType: 'Role' as const, objectId })),
  ]);
  let hash: Promise<string> | null = null;
  const passwordHash = () => {
    hash ??= sysConfig.get().then((settings) => hashPasswordDigest(md5Hex(String(settings.newUserDefaultPassword))));
    return hash;
  };
  return { taken, organizes, positions, roles, roleScopes, refusals, passwordHash };
}

type FileLookups = Awaited<ReturnType<typeof fileLookups>>;
type CheckContext = Parameters<SheetImportDefinition<UserImportField, CheckedUser>['checker']>[1];

/** One row checked: lengths and patterns, codes known and givable, accounts unique (`seen`: those of the file so far). */
function checkedUser(
  row: SheetRow<UserImportField>,
  problems: RowProblems<UserImportField>,
  found: FileLookups,
  seen: Set<string>,
  { t, label }: CheckContext,
): CheckedUser {
  const tooLong = (field: UserImportField, max: number) => {
    const value = text(row[field]);
    if (value.length > max) problems.add(field, t('import.tooLong', { field: label(field), limit: max }));
    return value;
  };
  const matching = (field: UserImportField, max: number, pattern: RegExp) => {
    const value = tooLong(field, max);
    if (value && value.length <= max && !pattern.test(value)) {
      problems.add(field, t('import.invalid', { field: label(field) }));
    }
    return value || null;
  };
  const ids = (field: UserImportField, map: Map<string, string>) => {
    const wanted = codes(row[field]);
    const missing = wanted.filter((c) => !map.has(c));
    if (missing.length) problems.add(field, t('import.unknown', { field: label(field), value: missing.join(',') }));
    return wanted.flatMap((c) => map.get(c) ?? []);
  };
  const account = matching('account', 50, ACCOUNT_PATTERN) ?? '';
  const key = account.toLowerCase();
  if (key && seen.has(key)) problems.add('account', t('import.duplicate', { field: label('account') }));
  else if (key && found.taken.has(key)) problems.add('account', t('user.accountTaken'));
  if (key) seen.add(key);
  const realName = tooLong('realName', 50);
  const genderText = text(row.gender);
  const gender = genderText ? (genders[genderText] ?? null) : null;
  if (genderText && !gender) problems.add('gender', t('import.invalid', { field: label('gender') }));
  const organizeIds = ids('organizeCode', found.organizes);
  const positionIds = ids('positionCode', found.positions);
  const roleIds = ids('roleCode', found.roles);
  const given = [
    ['organizeCode', 'Organize', organizeIds],
    ['positionCode', 'Position', positionIds],
    ['roleCode', 'Role', roleIds],
  ] as const;
  for (const [field, objectType, wanted] of given) {
    const refusal = wanted.map((id) => found.refusals.get(`${objectType}:${id}`)).find(Boolean);
    if (refusal) problems.add(field, refusal.translated(t));
  }
  // An organisation's role fits only a user of one of its organisations (role.service's rule).
  const outside = roleIds.flatMap((id) => {
    const scope = found.roleScopes.get(id);
    return scope && !scope.organizeIds.some((o) => organizeIds.includes(o)) ? [scope.fullName] : [];
  });
  if (outside.length) problems.add('roleCode', t('role.outsideOrganize', { name: outside.join(', ') }));
  const mobilePhone = matching('mobilePhone', 11, MOBILE_PATTERN);
  const email = matching('email', 100, EMAIL_PATTERN);
  const sortText = text(row.sortCode);
  const sortCode = sortText ? Number(sortText) : 0;
  if (sortText && !(Number.isInteger(sortCode) && sortCode >= 0 && sortCode <= 999_999)) {
    problems.add('sortCode', t('import.invalid', { field: label('sortCode') }));
  }
  const description = tooLong('description', 500) || null;
  return {
    account,
    realName,
    gender,
    organizeIds,
    positionIds,
    roleIds,
    mobilePhone,
    email,
    sortCode,
    description,
    passwordHash: found.passwordHash,
  };
}

/** A batch of checked users written: the users, then their relations, in two statements. */
async function writeUsers(trx: Trx, rows: CheckedUser[], session: Session) {
  const hash = await (rows[0] as CheckedUser).passwordHash();
  const users = rows.map((row) => ({ ...row, id: newId() }));
  const repo = new UserAdminRepository(trx);
  await repo.insertMany(
    users.map((u) => ({
      id: u.id,
      account: u.account,
      realName: u.realName,
      passwordHash: hash,
      gender: u.gender,
      organizeId: u.organizeIds[0] ?? null,
      mobilePhone: u.mobilePhone,
      email: u.email,
      sortCode: u.sortCode,
      description: u.description,
      creatorUserId: session.userId,
    })),
  );
  await repo.insertRelations(
    users.flatMap((u) => [
      ...u.organizeIds.map((objectId, sortCode) => ({
        userId: u.id,
        objectType: 'Organize' as const,
        objectId,
        sortCode,
      })),
      ...u.positionIds.map((objectId, sortCode) => ({
        userId: u.id,
        objectType: 'Position' as const,
        objectId,
        sortCode,
      })),
      ...u.roleIds.map((objectId, sortCode) => ({ userId: u.id, objectType: 'Role' as const, objectId, sortCode })),
    ]),
  );
}

/**
 * The user import on the generic kit: the template's columns, the checks (codes looked up once
 * for the whole file, roles of an organisation only with that organisation, accounts unique in
 * the file and in the table), and the batch writer (users and their relations in two statements;
 * every imported user starts with the system's default password, hashed once per import).
 */
export function userImportDefinition(
  db: Db,
  sysConfig: SysConfigService,
  delegation: DelegationGuard,
): SheetImportDefinition<UserImportField, CheckedUser> {
  return {
    area: 'user',
    columns: userImportColumns.map(([id]) => ({
      id,
      label: `user.column.${id}` as MessageKey,
      required: required.has(id),
    })),
    example: {
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
    batchSize: 1000,
    async checker(rows, context) {
      const found = await fileLookups(db, sysConfig, delegation, rows, context.session);
      const seen = new Set<string>();
      return (row, problems) => checkedUser(row, problems, found, seen, context);
    },
    writeBatch: writeUsers,
  };
}

/** The user list as a sheet: the same rows, data scope included, as the page shows. */
export async function exportUsers(
  db: Db,
  users: UserService,
  sheets: SheetImporter<UserImportField, CheckedUser>,
  query: ExportQuery,
  t: Parameters<SheetImporter<UserImportField, CheckedUser>['writeSheet']>[0],
  scope: DataScope,
) {
  const all = query.dataType === 1;
  const result = await users.list(
    {
      ...query,
      currentPage: all ? 1 : (query.currentPage ?? 1),
      pageSize: all ? 100_000 : (query.pageSize ?? 20),
    } as ExportQuery,
    scope,
  );
  const ids = result.list.map((u) => u.id);
  const repo = new UserAdminRepository(db);
  const relations = await repo.relations(ids);
  const codeOf = new Map<string, string>();
  const objectIds = [...new Set(relations.map((r) => r.objectId))];
  for (const table of ['organize', 'position', 'role'] as const) {
    for (const r of await repo.codesOf(table, objectIds)) codeOf.set(r.id, r.enCode);
  }
  const joined = (userId: string, kind: string) =>
    relations
      .filter((r) => r.userId === userId && r.objectType === kind)
      .map((r) => codeOf.get(r.objectId) ?? '')
      .filter(Boolean)
      .join(',');
  const details = new Map((await repo.brief({ ids })).map((u) => [u.id, u]));
  const rows: SheetRow<UserImportField>[] = result.list.map((u) => ({
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
  }));
  return sheets.writeSheet(t, rows);
}
