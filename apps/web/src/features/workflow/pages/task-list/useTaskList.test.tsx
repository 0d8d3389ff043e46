import type { PageData } from '@platform/shared';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { i18n } from '../../../../shared/i18n/index.ts';
import { clearQueries, HookProviders } from '../../../../test-providers.tsx';
import { monitorApi, taskApi } from '../../api.ts';
import type { TaskRow } from '../../wire.ts';
import { type TaskListKind, useTaskList } from './useTaskList.ts';

const row = (id: string, approversProperties = ''): TaskRow => ({
  id,
  flowId: 'f1',
  templateId: 'tp1',
  flowName: '请假',
  fullName: `请假 ${id}`,
  thisStep: '审批',
  flowUrgent: 1,
  status: 1,
  completion: 0,
  startTime: 0,
  endTime: null,
  creatorTime: 0,
  approversProperties,
});
const page = (rows: TaskRow[]): PageData<TaskRow> => ({
  list: rows,
  pagination: { currentPage: 1, pageSize: 20, total: rows.length },
});

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces('workflow');
});
beforeEach(clearQueries);
afterEach(() => vi.restoreAllMocks());

const renderList = (kind: TaskListKind) => renderHook(() => useTaskList(kind), { wrapper: HookProviders });

describe('useTaskList', () => {
  test.each([
    ['todo', 'list'],
    ['mine', 'mine'],
    ['monitor', 'monitor'],
  ] as const)('the %s list asks its own route', async (kind, asked) => {
    const todo = vi.spyOn(taskApi, 'list').mockResolvedValue(page([row('a')]));
    const mine = vi.spyOn(taskApi, 'mine').mockResolvedValue(page([row('b')]));
    const monitor = vi.spyOn(monitorApi, 'list').mockResolvedValue(page([row('c')]));
    const hook = renderList(kind);
    await waitFor(() => expect(hook.result.current.list.rows).toHaveLength(1));
    expect({ list: todo, mine, monitor }[asked]).toHaveBeenCalled();
    if (kind === 'todo') expect(todo.mock.calls[0]?.[0]).toBe(1);
  });

  test('a batch approval asks for the signature first when a chosen row wants one', async () => {
    vi.spyOn(taskApi, 'list').mockResolvedValue(page([row('a'), row('b', '{"hasSign":true}')]));
    const hook = renderList('todo');
    await waitFor(() => expect(hook.result.current.list.rows).toHaveLength(2));
    act(() => hook.result.current.setSelected(['a', 'b']));
    act(() => hook.result.current.auditSelected());
    expect(hook.result.current.signing).toBe(true);
    act(() => hook.result.current.cancelSign());
    expect(hook.result.current.signing).toBe(false);
  });

  test('a batch approval of rows that want no signature goes without the signature dialog', async () => {
    vi.spyOn(taskApi, 'list').mockResolvedValue(page([row('a')]));
    const hook = renderList('todo');
    await waitFor(() => expect(hook.result.current.list.rows).toHaveLength(1));
    act(() => hook.result.current.setSelected(['a']));
    act(() => hook.result.current.auditSelected());
    expect(hook.result.current.signing).toBe(false);
  });

  test('the monitor opens the change dialog for assign, change and revive, and closes it', async () => {
    vi.spyOn(monitorApi, 'list').mockResolvedValue(page([row('c')]));
    const hook = renderList('monitor');
    act(() => hook.result.current.change('c', 'assign'));
    expect(hook.result.current.changing).toEqual({ taskId: 'c', mode: 'assign' });
    act(() => hook.result.current.change('c', 'resurgence'));
    expect(hook.result.current.changing).toEqual({ taskId: 'c', mode: 'resurgence' });
    act(() => hook.result.current.closeChange());
    expect(hook.result.current.changing).toBeNull();
  });
});
