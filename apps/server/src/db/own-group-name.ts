/**
 * How the "own" permission group of a role, position, user or user group is named (the group that
 * holds the grants given to that one holder): the holder's name with its kind after it, and the
 * holder's code with the kind, so the group list reads "销售经理（角色）", code `sales.manager.role`,
 * instead of `Role.<id>`. Migration 0038 renamed the groups made before with these rules; change
 * them only in ways that keep its result valid.
 */
export type OwnGroupHolder = 'Role' | 'Position' | 'User' | 'Group';

const kinds: Record<OwnGroupHolder, { name: string; code: string }> = {
  Role: { name: '（角色）', code: 'role' },
  Position: { name: '（岗位）', code: 'position' },
  User: { name: '（用户）', code: 'user' },
  Group: { name: '（分组）', code: 'group' },
};

/** Names and codes are at most 50 characters (admin.md section 9). */
const maxLength = 50;

export function ownGroupName(holder: OwnGroupHolder, holderName: string): string {
  const suffix = kinds[holder].name;
  return `${holderName.slice(0, maxLength - suffix.length)}${suffix}`;
}

/**
 * The group's code: the holder's code reduced to what a code may hold (letters, digits, inner
 * dots), then `.role` and so on, then `.2`, `.3` ... until it is none of `taken` (lower case).
 */
export function ownGroupCode(holder: OwnGroupHolder, holderCode: string, taken: ReadonlySet<string>): string {
  const kind = kinds[holder].code;
  const base = holderCode
    .replace(/[^A-Za-z0-9.]/g, '')
    .replace(/\.{2,}/g, '.')
    .replace(/^\.+|\.+$/g, '')
    .slice(0, maxLength - kind.length - 5)
    .replace(/\.+$/, '');
  const first = base ? `${base}.${kind}` : kind;
  let code = first;
  for (let n = 2; taken.has(code.toLowerCase()); n++) code = `${first}.${n}`;
  return code;
}
