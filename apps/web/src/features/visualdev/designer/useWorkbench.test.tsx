import type { DragEndEvent } from '@dnd-kit/core';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/index.ts';
import { HookProviders } from '../../../test-providers.tsx';
import { designApi } from '../api.ts';
import { rootDrop } from './Canvas.tsx';
import { leaveModel } from './designer-fixtures.ts';
import { useWorkbench } from './useWorkbench.ts';

const info = leaveModel('');
const saved = { code: 200, msg: '保存成功', data: null };

/** A drop made with the keyboard (no pointer box): it lands exactly where the target is. */
const keyboardDrop = (activeId: string, overId: string) =>
  ({
    active: { id: activeId, rect: { current: { translated: null } } },
    over: { id: overId, rect: { top: 0, left: 0, width: 10, height: 10 } },
    activatorEvent: new KeyboardEvent('keydown'),
  }) as unknown as DragEndEvent;

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces('visualdev');
});
afterEach(() => vi.restoreAllMocks());

const renderBench = () => renderHook(() => useWorkbench(info), { wrapper: HookProviders });
const kinds = (hook: ReturnType<typeof renderBench>) =>
  hook.result.current.definition.fields?.map((f) => f.__config__.jnpfKey);

describe('useWorkbench', () => {
  test('an empty draft starts as an empty form; a palette click adds the field and selects it', () => {
    const hook = renderBench();
    expect(hook.result.current.definition.fields).toEqual([]);
    act(() => hook.result.current.addByClick('input'));
    expect(kinds(hook)).toEqual(['input']);
    expect(hook.result.current.selected?.field.__config__.jnpfKey).toBe('input');
  });

  test('a second click adds after the selected field; undo and redo walk the history', () => {
    const hook = renderBench();
    act(() => hook.result.current.addByClick('input'));
    act(() => hook.result.current.addByClick('textarea'));
    expect(kinds(hook)).toEqual(['input', 'textarea']);
    act(() => hook.result.current.dispatch({ type: 'undo' }));
    expect(kinds(hook)).toEqual(['input']);
    act(() => hook.result.current.dispatch({ type: 'redo' }));
    expect(kinds(hook)).toEqual(['input', 'textarea']);
  });

  test('a palette entry dropped on the canvas adds there; a field dropped on another takes its place', () => {
    const hook = renderBench();
    act(() => hook.result.current.drag.onDragEnd(keyboardDrop('palette:input', rootDrop)));
    act(() => hook.result.current.drag.onDragEnd(keyboardDrop('palette:textarea', rootDrop)));
    expect(kinds(hook)).toEqual(['input', 'textarea']);
    const [first, second] = hook.result.current.state.nodes;
    act(() => hook.result.current.drag.onDragEnd(keyboardDrop(second?.uid ?? '', first?.uid ?? '')));
    expect(kinds(hook)).toEqual(['textarea', 'input']);
    expect(hook.result.current.drag.dragging).toBeNull();
  });

  test('save sends the draft; save and release releases it after', async () => {
    const update = vi.spyOn(designApi, 'update').mockResolvedValue(saved);
    const release = vi.spyOn(designApi, 'release').mockResolvedValue(saved);
    const hook = renderBench();
    act(() => hook.result.current.addByClick('input'));
    await act(() => hook.result.current.save(false));
    expect(update).toHaveBeenCalledWith('1001', expect.objectContaining({ fullName: '请假单', enCode: 'leave' }));
    expect(JSON.parse(update.mock.calls[0]?.[1].formData ?? '{}').fields).toHaveLength(1);
    expect(release).not.toHaveBeenCalled();
    await act(() => hook.result.current.save(true));
    expect(release).toHaveBeenCalledWith('1001');
    expect(hook.result.current.busy).toBe(false);
  });

  test('publishing saves the draft, releases it to a menu and closes the dialog', async () => {
    vi.spyOn(designApi, 'update').mockResolvedValue(saved);
    const releaseMenu = vi
      .spyOn(designApi, 'releaseMenu')
      .mockResolvedValue({ code: 200, msg: '', data: { menuId: 'm1' } });
    const hook = renderBench();
    act(() => hook.result.current.setPublishing(true));
    const input = { fullName: '请假单', enCode: 'leave', parentId: '-1' };
    await act(() => hook.result.current.publish(input));
    expect(releaseMenu).toHaveBeenCalledWith('1001', input);
    expect(hook.result.current.publishing).toBe(false);
  });

  test('the JSON editor refuses what is not a form definition and loads one that is', async () => {
    const hook = renderBench();
    act(() => hook.result.current.json.openJson());
    expect(hook.result.current.json.open).toBe(true);
    act(() => hook.result.current.json.setText('{"fields": 3}'));
    await act(() => hook.result.current.json.apply());
    expect(hook.result.current.json.problem).toBeTruthy();
    expect(hook.result.current.json.open).toBe(true);
    const definition = { fields: [{ __vModel__: 'a', __config__: { jnpfKey: 'input', label: 'A' } }] };
    act(() => hook.result.current.json.setText(JSON.stringify(definition)));
    await act(() => hook.result.current.json.apply());
    expect(hook.result.current.json.open).toBe(false);
    expect(kinds(hook)).toEqual(['input']);
  });

  test('the preview opens on the current form and closes', () => {
    const hook = renderBench();
    act(() => hook.result.current.openPreview());
    expect(hook.result.current.preview).not.toBeNull();
    act(() => hook.result.current.closePreview());
    expect(hook.result.current.preview).toBeNull();
  });
});
