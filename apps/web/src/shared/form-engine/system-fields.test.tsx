import type { CurrentUserInfo, FormDefinition, FormField, FormValues } from '@platform/shared';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { QueryProvider } from '../../app/query-client.tsx';
import { i18n } from '../i18n/index.ts';
import { useSession } from '../session/store.ts';
import { FormRenderer } from './FormRenderer.tsx';
import { FormStore } from './store.ts';

/**
 * widgets.md §3: the auto-filled fields show the signed-in user, the organisation and the time
 * before the first save, the stored names after it; empty sub-table rows are neither checked nor sent.
 */

const f = (jnpfKey: string, name: string, label: string, config: object = {}): FormField => ({
  __vModel__: name,
  __config__: { jnpfKey, label, ...config },
});

const definition: FormDefinition = {
  fields: [
    f('input', 'title', '事由'),
    f('createUser', 'creator', '创建人'),
    f('createTime', 'createdAt', '创建时间'),
    f('currOrganize', 'company', '所属组织'),
    f('currDept', 'dept', '所属部门'),
    f('currPosition', 'post', '所属岗位'),
    f('billRule', 'billNo', '单据编号', { rule: 'expense.no' }),
    f('modifyUser', 'modifier', '修改人'),
    {
      __vModel__: 'items',
      __config__: {
        jnpfKey: 'table',
        label: '明细',
        children: [f('input', 'item', '物品', { required: true }), f('switch', 'paid', '已付')],
      },
    },
  ],
};

const alice: CurrentUserInfo = {
  userId: 'u-alice',
  userAccount: 'alice',
  userName: '爱丽丝',
  headIcon: '',
  signImg: '',
  gender: '',
  mobilePhone: '',
  email: '',
  isAdministrator: false,
  portalId: '',
  theme: 'classic',
  language: 'zh-CN',
  organizeId: 'o-sales',
  organizeName: '销售部',
  organizeIdList: ['o-sales'],
  positionId: 'p-clerk',
  positionName: '出纳',
  positionIds: [{ id: 'p-clerk' }],
  roleName: '',
  roleIds: [],
  groupIds: [],
  systemId: '',
  systemIds: [],
  changePasswordDate: null,
  prevLogin: 0,
  prevLoginTime: null,
  prevLoginIPAddress: '',
  prevLoginIPAddressName: '',
};

function mount(values: FormValues = {}, context: Record<string, unknown> = {}) {
  const store = new FormStore(definition, values);
  store.context = context;
  render(
    <Providers>
      <QueryProvider>
        <FormRenderer store={store} />
      </QueryProvider>
    </Providers>,
  );
  return store;
}
const input = (name: string) => document.getElementById(`fe-${name}`) as HTMLInputElement;

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
});
afterEach(() => {
  cleanup();
  useSession.getState().reset();
});

describe('system fields', () => {
  test("before the first save they show the signed-in user's name, organisation, position and now", () => {
    useSession.getState().setUserInfo(alice);
    const before = Date.now();
    const store = mount();
    expect(input('creator').value).toBe('爱丽丝/alice');
    expect(input('company').value).toBe('销售部');
    expect(input('dept').value).toBe('销售部');
    expect(input('post').value).toBe('出纳');
    const shown = input('createdAt').value;
    expect(shown).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Local time, as the field shows it: within a minute of the render.
    expect(Math.abs(new Date(shown.replace(' ', 'T')).getTime() - before)).toBeLessThan(60_000);
    // The number is taken on save, the modify fields are filled on an edit: they keep the hint.
    expect(input('billNo').value).toBe('');
    expect(input('billNo').placeholder).toBe('系统自动生成');
    expect(input('modifier').value).toBe('');
    // What shows is not sent: the server fills these fields itself.
    expect(store.getValues()).not.toHaveProperty('creator', '爱丽丝/alice');
  });

  test('a saved record shows the names it was saved with, whoever reads it', () => {
    useSession.getState().setUserInfo(alice);
    mount({ title: '差旅', creator: '鲍勃/bob', createdAt: 0, company: '总部', billNo: 'BX0001', post: null });
    expect(input('creator').value).toBe('鲍勃/bob');
    expect(input('company').value).toBe('总部');
    expect(input('billNo').value).toBe('BX0001');
    // A saved record whose position was empty stays empty: it is not the reader's.
    expect(input('post').value).toBe('');
  });

  test("with nobody signed in, or on a short link (its records are nobody's), the hint stays", () => {
    mount();
    expect(input('creator').value).toBe('');
    expect(input('creator').placeholder).toBe('系统自动生成');
    cleanup();
    useSession.getState().setUserInfo(alice);
    mount({}, { anonymous: true });
    expect(input('creator').value).toBe('');
    expect(input('company').value).toBe('');
  });
});

describe('empty sub-table rows', () => {
  test('are neither checked nor sent; a row with anything in it is', () => {
    const store = new FormStore(definition, {});
    store.set('items', [{ item: '', paid: 0 }, { item: '机票', paid: 1 }, {}]);
    expect(store.validate()).toBe(true);
    expect(store.getValues().items).toEqual([{ item: '机票', paid: 1 }]);
    store.set('items', [{ item: '', paid: 1 }]);
    expect(store.validate()).toBe(false);
  });
});
