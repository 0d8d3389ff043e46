import { describe, expect, test } from 'vitest';
import type { AdminAction, Administered, DataScope, RequiredPermission } from '../src/core/permissions.ts';
import {
  administeredAllows,
  administeredScope,
  isAdministeredMenu,
  mayUseButton,
  mergeScopes,
  routeGranted,
  scopeOfKinds,
} from '../src/core/scope-rules.ts';

/**
 * Permissions and data scopes as pure functions (issue 42), on their variants: the scope each granted
 * kind gives, scopes merged over several menus, what a tiered administrator sees and may change, and
 * the route check with and without a button. The same rules through the API:
 * permissions-enforcement.test.ts, record-scope-variants.test.ts, record-rights-variants.test.ts.
 */

const limited = (over: Partial<Extract<DataScope, { all: false }>> = {}): DataScope => ({
  all: false,
  userId: 'me',
  organizeIds: [],
  subtreeOrganizeIds: [],
  self: false,
  ...over,
});
const administered = (organizeId: string, thisLayer: AdminAction[], subLayer: AdminAction[] = []): Administered => ({
  organizeId,
  thisLayer: new Set(thisLayer),
  subLayer: new Set(subLayer),
});

describe('the scope of granted kinds', () => {
  const mine = ['east', 'west'];

  test('each kind alone', () => {
    expect(scopeOfKinds('me', ['all'], mine)).toEqual({ all: true });
    expect(scopeOfKinds('me', ['organize'], mine)).toEqual(limited({ organizeIds: mine }));
    expect(scopeOfKinds('me', ['organizeAndSub'], mine)).toEqual(limited({ subtreeOrganizeIds: mine }));
    expect(scopeOfKinds('me', ['self'], mine)).toEqual(limited({ self: true }));
  });

  test('no kind granted: no row; `all` beside others: every row', () => {
    expect(scopeOfKinds('me', [], mine)).toEqual(limited());
    expect(scopeOfKinds('me', ['self', 'all', 'organize'], mine)).toEqual({ all: true });
  });

  test('kinds together, for the user asking', () => {
    expect(scopeOfKinds('u7', ['organize', 'self', 'organizeAndSub'], mine)).toEqual({
      all: false,
      userId: 'u7',
      organizeIds: mine,
      subtreeOrganizeIds: mine,
      self: true,
    });
  });
});

describe('scopes merged over several menus', () => {
  test('any unlimited scope, or none at all, sees every row', () => {
    expect(mergeScopes([limited({ self: true }), { all: true }])).toEqual({ all: true });
    expect(mergeScopes([])).toEqual({ all: true });
  });

  test('limited scopes: the union of organisations, each once, and self when any has it', () => {
    const merged = mergeScopes([
      limited({ organizeIds: ['a', 'b'], subtreeOrganizeIds: ['x'] }),
      limited({ organizeIds: ['b', 'c'], subtreeOrganizeIds: ['x', 'y'], self: true }),
      limited({ organizeIds: [] }),
    ]);
    expect(merged).toEqual(limited({ organizeIds: ['a', 'b', 'c'], subtreeOrganizeIds: ['x', 'y'], self: true }));
  });

  test('one limited scope stays as it is; none with self keeps self off', () => {
    expect(mergeScopes([limited({ userId: 'u2', organizeIds: ['a'] })])).toEqual(
      limited({ userId: 'u2', organizeIds: ['a'] }),
    );
    expect(mergeScopes([limited({ organizeIds: ['a'] }), limited({ subtreeOrganizeIds: ['b'] })])).toEqual(
      limited({ organizeIds: ['a'], subtreeOrganizeIds: ['b'] }),
    );
  });
});

describe('tiered administrators', () => {
  test('only people and structure are administered menus', () => {
    for (const menu of ['permission.user', 'permission.organize', 'permission.position']) {
      expect(isAdministeredMenu(menu)).toBe(true);
    }
    expect(isAdministeredMenu('permission.role')).toBe(false);
    expect(isAdministeredMenu('')).toBe(false);
  });

  test('they see where they may select: this layer, or everything below the sub-layer', () => {
    const scope = administeredScope('me', [
      administered('east', ['select'], ['select']),
      administered('west', ['select', 'edit'], ['edit']),
      administered('north', ['add'], ['select']),
      administered('south', ['edit', 'delete'], ['add']),
    ]);
    expect(scope).toEqual(limited({ organizeIds: ['east', 'west'], subtreeOrganizeIds: ['east', 'north'] }));
    expect(administeredScope('me', [])).toEqual(limited());
  });

  test('a change on the organisation itself needs the this-layer right', () => {
    const rights = [administered('east', ['edit'], ['delete'])];
    expect(administeredAllows(rights, 'east', ['root', 'east'], 'edit')).toBe(true);
    expect(administeredAllows(rights, 'east', ['root', 'east'], 'delete')).toBe(false);
  });

  test('a change below it needs the sub-layer right of an organisation above', () => {
    const rights = [administered('east', ['edit'], ['delete'])];
    const sales = ['root', 'east', 'sales'];
    expect(administeredAllows(rights, 'sales', sales, 'delete')).toBe(true);
    expect(administeredAllows(rights, 'sales', sales, 'edit')).toBe(false);
    expect(administeredAllows(rights, 'west', ['root', 'west'], 'delete')).toBe(false);
    expect(administeredAllows([], 'east', ['root', 'east'], 'edit')).toBe(false);
  });

  test('any one administered organisation that allows it is enough', () => {
    const rights = [administered('west', []), administered('east', ['add'])];
    expect(administeredAllows(rights, 'east', ['root', 'east'], 'add')).toBe(true);
  });
});

describe('the route check', () => {
  const access = (over: Partial<Parameters<typeof routeGranted>[0]> = {}) => ({
    menus: new Set<string>(),
    buttons: new Set<string>(),
    buttonsUnchecked: new Set<string>(),
    administers: [] as Administered[],
    ...over,
  });
  const route = (menuCode: string, buttonCode: string | null, orMenuCodes?: string[]): RequiredPermission => ({
    menuCode,
    buttonCode,
    ...(orMenuCodes ? { orMenuCodes } : {}),
  });

  test('a read route needs the menu, or one of its other menus', () => {
    const granted = access({ menus: new Set(['flow.form']) });
    expect(routeGranted(granted, route('flow.form', null))).toBe(true);
    expect(routeGranted(granted, route('visual.dev', null, ['flow.form']))).toBe(true);
    expect(routeGranted(granted, route('visual.dev', null, ['other']))).toBe(false);
    expect(routeGranted(access(), route('flow.form', null))).toBe(false);
  });

  test('an action route needs the button on the menu; the menu alone is not enough', () => {
    const granted = access({ menus: new Set(['m']), buttons: new Set(['m:btn_add']) });
    expect(routeGranted(granted, route('m', 'btn_add'))).toBe(true);
    expect(routeGranted(granted, route('m', 'btn_edit'))).toBe(false);
    expect(routeGranted(granted, route('n', 'btn_add', ['m']))).toBe(true);
    expect(routeGranted(access({ buttons: new Set(['n:btn_add']) }), route('m', 'btn_add'))).toBe(false);
  });

  test('a menu with button authorisation off lets every button of its own pass', () => {
    const unchecked = access({ menus: new Set(['m']), buttonsUnchecked: new Set(['m']) });
    expect(routeGranted(unchecked, route('m', 'btn_remove'))).toBe(true);
    expect(routeGranted(unchecked, route('n', 'btn_remove'))).toBe(false);
    expect(mayUseButton(unchecked, 'm', 'anything')).toBe(true);
    expect(mayUseButton(unchecked, 'n', 'anything')).toBe(false);
  });

  test('a tiered administrator passes on people and structure for the actions it holds anywhere', () => {
    const tiered = access({ administers: [administered('east', ['edit'], ['add']), administered('west', [], [])] });
    expect(routeGranted(tiered, route('permission.user', 'btn_edit'))).toBe(true);
    expect(routeGranted(tiered, route('permission.organize', 'btn_add'))).toBe(true);
    expect(routeGranted(tiered, route('permission.position', 'btn_remove'))).toBe(false);
    expect(routeGranted(tiered, route('permission.user', null))).toBe(false);
    expect(routeGranted(tiered, route('permission.user', 'btn_export'))).toBe(false);
    expect(routeGranted(tiered, route('permission.role', 'btn_edit'))).toBe(false);
    const seeing = access({ administers: [administered('east', [], ['select'])] });
    expect(routeGranted(seeing, route('permission.user', null))).toBe(true);
    const removing = access({ administers: [administered('east', ['delete'])] });
    expect(routeGranted(removing, route('permission.user', 'btn_remove'))).toBe(true);
  });
});
