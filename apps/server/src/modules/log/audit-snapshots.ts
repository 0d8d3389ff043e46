import { type AuditItem, type AuditObjectType, permissionMemberSuffixOf } from '@platform/shared';
import { type AuditFieldValue, type AuditSnapshot, auditValue } from '../../core/audit.ts';
import type { Db } from '../../db/database.ts';
import { type AuditRowTable, AuditSnapshotRepository, type NamedItem } from './audit-snapshot.repository.ts';

/**
 * Columns no administrator sets: bookkeeping of who touched a row when (the entry itself says
 * that), sign-in bookkeeping, and ids the snapshot shows as a named list instead.
 */
const ignoredColumns = new Set([
  'id',
  'creatorTime',
  'creatorUserId',
  'lastModifyTime',
  'lastModifyUserId',
  'prevLoginTime',
  'prevLoginIp',
  'prevLoginIpName',
  'lastLoginTime',
  'lastLoginIp',
  'lastLoginIpName',
  'organizeIdTree',
]);

const items = (rows: NamedItem[]): AuditItem[] =>
  rows.map((row) => (row.name ? { id: row.id, name: row.name } : { id: row.id }));

function rowFields(row: Record<string, unknown>): Record<string, AuditFieldValue> {
  const fields: Record<string, AuditFieldValue> = {};
  for (const [key, value] of Object.entries(row)) if (!ignoredColumns.has(key)) fields[key] = auditValue(value);
  return fields;
}

/** Rights flags as one readable value per organisation: "this: add,edit; sub: select". */
function rightsOf(row: Record<string, unknown>): string {
  const layer = (prefix: 'thisLayer' | 'subLayer') =>
    ['Add', 'Edit', 'Delete', 'Select']
      .filter((right) => Number(row[`${prefix}${right}`]) === 1)
      .map((right) => right.toLowerCase())
      .join(',');
  return `this: ${layer('thisLayer') || '-'}; sub: ${layer('subLayer') || '-'}`;
}

/** The fields of a user's membership kinds, named as the user form names its pickers. */
const relationFields = { Organize: 'organizes', Position: 'positions', Role: 'roles', Group: 'groups' } as const;

/**
 * Reads each kind of object the audit trail records, as the fields an auditor compares: a row's
 * columns, and its memberships and grants as named lists (so a change shows what was added and
 * removed).
 */
export class AuditSnapshots {
  private readonly repo: AuditSnapshotRepository;

  constructor(db: Db) {
    this.repo = new AuditSnapshotRepository(db);
  }

  read = async (object: AuditObjectType, id: string): Promise<AuditSnapshot | null> => {
    switch (object) {
      case 'user':
        return this.user(id);
      case 'role':
        return this.withRow('role', id, async () => ({
          organizes: items(await this.repo.roleOrganizations(id)),
          members: items(await this.repo.relationMembers('Role', id)),
        }));
      case 'position':
        return this.withRow('position', id, async () => ({
          members: items(await this.repo.relationMembers('Position', id)),
        }));
      case 'group':
        return this.withRow('userGroup', id, async () => ({
          members: items(await this.repo.relationMembers('Group', id)),
        }));
      case 'organize':
        return this.withRow('organize', id);
      case 'permissionGroup':
        return this.withRow('permissionGroup', id, async () => ({
          members: (await this.repo.permissionMembers(id)).map((m) => ({
            id: `${m.objectId}--${permissionMemberSuffixOf[m.objectType]}`,
            ...(m.name ? { name: m.name } : {}),
          })),
          ...(await this.grantFields([id])),
        }));
      case 'grants':
        return this.grants(id);
      case 'menuHolders':
        return this.menuHolders(id);
      case 'organizeAdministrator':
        return this.organizeAdministrator(id);
      case 'sysConfig':
        return this.sysConfig();
      case 'menu':
        return this.withRow('menu', id);
      case 'modulePermission':
        return this.withRow('modulePermission', id);
    }
  };

  private async withRow(
    table: AuditRowTable,
    id: string,
    lists?: () => Promise<Record<string, AuditItem[]>>,
  ): Promise<AuditSnapshot | null> {
    const row = await this.repo.row(table, id);
    if (!row) return null;
    const name = typeof row.fullName === 'string' ? row.fullName : id;
    return { id, name, fields: { ...rowFields(row), ...(lists ? await lists() : {}) } };
  }

  private async user(id: string): Promise<AuditSnapshot | null> {
    const row = await this.repo.row('appUser', id);
    if (!row) return null;
    const lists: Record<string, AuditItem[]> = { organizes: [], positions: [], roles: [], groups: [] };
    for (const relation of await this.repo.userRelations(id)) {
      lists[relationFields[relation.objectType]]?.push(
        relation.name ? { id: relation.id, name: relation.name } : { id: relation.id },
      );
    }
    return { id, name: `${String(row.realName)}/${String(row.account)}`, fields: { ...rowFields(row), ...lists } };
  }

  private async grantFields(groupIds: string[]): Promise<Record<string, AuditItem[]>> {
    const fields: Record<string, AuditItem[]> = {
      system: [],
      module: [],
      button: [],
      column: [],
      form: [],
      resource: [],
      portal: [],
    };
    for (const grant of await this.repo.grants(groupIds)) {
      fields[grant.itemType]?.push(grant.name ? { id: grant.id, name: grant.name } : { id: grant.id });
    }
    return fields;
  }

  /** A holder's grants (a role's, user's, ... own permission group, or a permission group's). */
  private async grants(holderId: string): Promise<AuditSnapshot> {
    const groupIds = await this.repo.grantGroupIds(holderId);
    return {
      id: holderId,
      name: (await this.repo.holderName(holderId)) ?? holderId,
      fields: await this.grantFields(groupIds),
    };
  }

  /** Who holds one menu, by kind of holder. */
  private async menuHolders(menuId: string): Promise<AuditSnapshot | null> {
    const menu = await this.repo.row('menu', menuId);
    if (!menu) return null;
    const fields: Record<string, AuditItem[]> = { Role: [], Position: [], User: [], Group: [], PermissionGroup: [] };
    for (const holder of await this.repo.menuHolders(menuId)) {
      const name = await this.repo.holderName(holder.id);
      fields[holder.holderType]?.push(name ? { id: holder.id, name } : { id: holder.id });
    }
    return { id: menuId, name: String(menu.fullName), fields };
  }

  /** A user's tiered-administrator rights, one field per organisation; a row id stands for its user. */
  private async organizeAdministrator(id: string): Promise<AuditSnapshot | null> {
    const userId = (await this.repo.organizeAdministratorUser(id)) ?? id;
    const user = await this.repo.userName(userId);
    if (!user) return null;
    const fields: Record<string, AuditFieldValue> = {};
    for (const row of await this.repo.organizeAdministrators(userId)) {
      fields[row.organizeName ?? row.organizeId] = rightsOf(row);
    }
    return { id: userId, name: user.name, fields };
  }

  /** Every setting, and who the super administrators are (setAdminList changes them). */
  private async sysConfig(): Promise<AuditSnapshot> {
    const fields: Record<string, AuditFieldValue> = {};
    for (const { key, value } of await this.repo.sysConfig()) fields[key] = auditValue(value);
    fields.administrators = items(await this.repo.administrators());
    return { id: '', name: '', fields };
  }
}
