import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { queryClient } from '../../../app/query-client.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { type FakeRequest, renderInApp, stubServer } from '../../../test-app.tsx';
import { taskApi } from '../api.ts';
import { LaunchOnBehalf, onBehalfOf } from './LaunchOnBehalf.tsx';

/**
 * Delegated launch on the launch form (protocol-workflow.md §3): "发起人" appears only when the user
 * holds launch delegations for the flow; choosing people sends `delegateUserList`, choosing none
 * launches for oneself.
 */

const sent: FakeRequest[] = [];
let principals: { id: string; fullName: string; account: string }[] = [];

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces('workflow');
});
beforeEach(() => {
  sent.length = 0;
  queryClient.clear();
  stubServer((request) => {
    sent.push(request);
    return { code: 200, data: request.path.endsWith('/userList') ? { list: principals } : { id: 't1' } };
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The launch form's part under test: the choice, and a submit that sends what the page sends. */
function LaunchForm() {
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <>
      <LaunchOnBehalf flowId="f1" value={chosen} onChange={setChosen} />
      <button
        type="button"
        onClick={() => void taskApi.launch({ flowId: 'f1', formData: {}, status: 0, ...onBehalfOf(chosen) })}
      >
        submit
      </button>
    </>
  );
}
const mount = () => renderInApp(<LaunchForm />);
const launched = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'submit' }));
  await waitFor(() => expect(sent.some((s) => s.method === 'POST')).toBe(true));
  return sent.find((s) => s.method === 'POST')?.body;
};

describe('launch on behalf of (发起人)', () => {
  test('a delegate picks principals: the launch carries them in delegateUserList', async () => {
    principals = [
      { id: 'u-carol', fullName: 'carol', account: 'carol' },
      { id: 'u-erin', fullName: 'erin', account: 'erin' },
    ];
    mount();
    const choice = await screen.findByRole('combobox', { name: '发起人' });
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/api/workflow/Engine/FlowDelegate/userList' });
    expect(sent[0]?.query.get('flowId')).toBe('f1');
    expect(screen.getByText('本人')).toBeTruthy();

    fireEvent.mouseDown(choice);
    fireEvent.click(await screen.findByText('erin'));
    expect(await launched()).toMatchObject({ flowId: 'f1', status: 0, delegateUserList: ['u-erin'] });
  });

  test('choosing nobody launches for oneself: no delegateUserList', async () => {
    principals = [{ id: 'u-carol', fullName: 'carol', account: 'carol' }];
    mount();
    await screen.findByRole('combobox', { name: '发起人' });
    const body = await launched();
    expect(body).toMatchObject({ flowId: 'f1' });
    expect(body).not.toHaveProperty('delegateUserList');
  });

  test('without launch delegations for the flow there is no choice at all', async () => {
    principals = [];
    mount();
    await waitFor(() => expect(sent.some((s) => s.path.endsWith('/userList'))).toBe(true));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByText('发起人')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
