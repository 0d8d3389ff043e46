import { describe, expect, test } from 'vitest';
import { searchMenus } from '../../app/menu-search.ts';
import { homeView, useTags } from '../../app/tags-store.ts';
import { fakeMenuNode, fakeModulePermission } from '../../test-wire.ts';
import { findRoute, generateRoutes, type MenuNode, visibleMenus } from './menu-routes.ts';
import { hasEntry } from './permission.tsx';

const context = { origin: 'https://site.test', visualisationHost: 'https://datav.test/', token: 'Bearer abc' };
const node = (fields: Partial<MenuNode> & Pick<MenuNode, 'enCode' | 'type'>): MenuNode =>
  fakeMenuNode({ id: fields.enCode, fullName: fields.enCode, ...fields });

const menus: MenuNode[] = [
  node({
    enCode: 'system',
    type: 1,
    fullName: '系统管理',
    children: [
      node({ enCode: 'system.menu', type: 2, fullName: '系统菜单', urlAddress: 'system/menu?x=1' }),
      node({ enCode: 'system.hidden', type: 2, fullName: '隐藏', urlAddress: 'system/hidden', hidden: true }),
      node({
        enCode: 'form.a',
        type: 3,
        fullName: '表单',
        urlAddress: 'model/a',
        propertyJson: '{"moduleId":"m1","isTree":1}',
      }),
      node({
        enCode: 'report.a',
        type: 5,
        fullName: '报表',
        urlAddress: 'dataReport/a',
        propertyJson: '{"moduleId":"i1"}',
      }),
      node({
        enCode: 'portal.a',
        type: 8,
        fullName: '门户',
        urlAddress: 'portal/a',
        propertyJson: '{"moduleId":"p1"}',
      }),
      node({ enCode: 'screen', type: 6, fullName: '大屏', urlAddress: `${'$'}{dataV}/view/1` }),
      node({ enCode: 'screen.b', type: 6, fullName: '数据大屏', propertyJson: '{"moduleId":"s2"}' }),
      node({ enCode: 'inside', type: 7, fullName: '站内', urlAddress: 'docs/x?t={token}', linkTarget: '_self' }),
      node({ enCode: 'outside', type: 7, fullName: '站外', urlAddress: 'https://example.test/', linkTarget: '_blank' }),
    ],
  }),
];

describe('routes from the menu list (shell.md §2.3)', () => {
  const routes = generateRoutes(menus, context);
  const byCode = Object.fromEntries(routes.map((r) => [r.enCode, r]));

  test('directories only group; pages take their urlAddress without the query', () => {
    expect(byCode.system).toBeUndefined();
    expect(byCode['system.menu']).toMatchObject({
      path: '/system/menu',
      name: 'system-menu',
      parents: ['system'],
      meta: { title: '系统菜单', zhTitle: '系统菜单', moduleId: 'system.menu' },
    });
  });

  test('type 3 carries the related module id and tree flag', () => {
    expect(byCode['form.a']?.meta).toMatchObject({ relationId: 'm1', isTree: true });
  });

  test('types 5 and 8 carry the data interface or portal their propertyJson names', () => {
    expect(byCode['report.a']).toMatchObject({ path: '/dataReport/a', meta: { relationId: 'i1' } });
    expect(byCode['portal.a']).toMatchObject({ path: '/portal/a', meta: { relationId: 'p1' } });
  });

  test('type 6 opens the visualisation host with the token in a new window', () => {
    expect(byCode.screen).toMatchObject({
      path: '',
      target: '_blank',
      href: 'https://datav.test/view/1?token=Bearer%20abc',
    });
    // No address: the screen its propertyJson names, on the visualisation host ({DataV}/view/{moduleId}).
    expect(byCode['screen.b']).toMatchObject({
      path: '',
      target: '_blank',
      href: 'https://datav.test/view/s2?token=Bearer%20abc',
    });
  });

  test('type 7: _self opens inside the app, relative addresses get the origin, placeholders filled', () => {
    expect(byCode.inside?.href).toBe('https://site.test/docs/x?t=Bearer%20abc');
    expect(byCode.inside?.path).toMatch(/^\/externalLink\?href=/);
    expect(findRoute(routes, '/externalLink', byCode.inside?.path.split('?')[1])).toBe(byCode.inside);
    expect(byCode.outside).toMatchObject({ path: '', target: '_blank', href: 'https://example.test/' });
  });

  test('hidden items get a route but no navigation entry', () => {
    expect(byCode['system.hidden']?.hidden).toBe(true);
    expect(visibleMenus(menus)[0]?.children?.map((c) => c.enCode)).not.toContain('system.hidden');
  });

  test('findRoute ignores a trailing slash and knows nothing else', () => {
    expect(findRoute(routes, '/system/menu/')?.enCode).toBe('system.menu');
    expect(findRoute(routes, '/nope')).toBeUndefined();
  });

  test('menu search: title first, path too, nothing far off', () => {
    const title = (r: (typeof routes)[number]) => r.meta.title;
    expect(searchMenus(routes, '菜单', title)[0]?.route.enCode).toBe('system.menu');
    expect(searchMenus(routes, 'system/menu', title)[0]?.route.enCode).toBe('system.menu');
    expect(searchMenus(routes, 'zzzz', title)).toEqual([]);
    expect(searchMenus(routes, '隐藏', title)).toEqual([]);
  });
});

describe('permission entries by the route module id (shell.md §6)', () => {
  const list = [fakeModulePermission('m1', { button: ['btn_add'] })];
  test.each([
    ['m1', 'btn_add', true],
    ['m1', 'btn_remove', false],
    ['m2', 'btn_add', false],
    [undefined, 'btn_add', false],
  ] as const)('module %s, %s -> %s', (moduleId, code, expected) => {
    expect(hasEntry(list, moduleId, 'button', code)).toBe(expected);
  });
});

describe('tags store (shell.md §4)', () => {
  const view = (fullPath: string, name = fullPath) => ({
    fullPath,
    path: fullPath.split('?')[0] ?? fullPath,
    name,
    title: name,
    meta: { title: name, zhTitle: name, icon: '' },
  });

  test('add ignores duplicates by path or name; close others and close all keep the affixed home', () => {
    const tags = useTags.getState();
    tags.reset();
    tags.addView(view('/a'));
    tags.addView(view('/a'));
    tags.addView(view('/a?x=1'));
    tags.addView(view('/b'));
    tags.addView(view('/c', '/b'));
    // Same name: the tab is updated in place.
    expect(useTags.getState().visitedViews.map((v) => v.fullPath)).toEqual(['/home', '/a?x=1', '/c']);
    tags.delOthersViews('/c');
    expect(useTags.getState().visitedViews.map((v) => v.fullPath)).toEqual(['/home', '/c']);
    tags.delView(homeView.fullPath);
    tags.delAllViews();
    expect(useTags.getState().visitedViews).toEqual([homeView]);
  });

  test('noCache views are visited but not kept alive', () => {
    const tags = useTags.getState();
    tags.reset();
    tags.addView({ ...view('/n'), meta: { ...view('/n').meta, noCache: true } });
    expect(useTags.getState().visitedViews).toHaveLength(2);
    expect(useTags.getState().cachedViews).toEqual(['/home']);
  });
});
