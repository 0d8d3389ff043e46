import type { FormDefinition, FormField } from '@platform/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { fakeServerByPath, renderInApp, signIn } from '../../test-app.tsx';
import { i18n } from '../i18n/index.ts';
import { FieldValue } from './FieldValue.tsx';
import { FormStore } from './store.ts';

/** A generated area's list cell: the value as the form shows it read-only, not the stored ids. */

const f = (jnpfKey: string, name: string, rest: object = {}): FormField => ({
  __vModel__: name,
  __config__: { jnpfKey, label: name },
  ...rest,
});
const level = f('select', 'level', { __slot__: { options: [{ id: 'A', fullName: '甲等' }] } });
const deputy = f('userSelect', 'deputy');
const title = f('input', 'title');
const definition: FormDefinition = { fields: [level, deputy, title] };
const server = fakeServerByPath();

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
});
afterEach(cleanup);

describe('FieldValue', () => {
  test('an option shows its name, a picked user the name the server gives, text as it is', async () => {
    signIn();
    server.routes['/api/permission/Users/getUserList'] = () => ({
      code: 200,
      msg: '',
      data: {
        list: [
          {
            id: 'u-bob',
            account: 'bob',
            realName: '鲍勃',
            fullName: '鲍勃/bob',
            headIcon: '',
            gender: '',
            type: 'user',
            organize: '总公司',
            hasChildren: false,
          },
        ],
      },
    });
    const store = new FormStore(definition, {});
    renderInApp(
      <ul>
        <li>
          <FieldValue field={level} value="A" store={store} />
        </li>
        <li>
          <FieldValue field={deputy} value="u-bob" store={store} />
        </li>
        <li>
          <FieldValue field={title} value="年假" store={store} />
        </li>
      </ul>,
    );
    await screen.findByText('鲍勃/bob');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['甲等', '鲍勃/bob', '年假']);
  });
});
