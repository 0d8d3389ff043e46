import type { FileLink, ImportPreviewAnswer } from '@platform/shared';
import { act, renderHook } from '@testing-library/react';
import type { UploadFile } from 'antd/es/upload';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { HookProviders } from '../../../test-providers.tsx';
import { i18n } from '../../i18n/index.ts';
import type { SheetImportApi } from './sheet-import-api.ts';
import { useImportWizard } from './useImportWizard.ts';

const preview: ImportPreviewAnswer = {
  headerRow: [{ id: 'fullName', fullName: '名称' }],
  dataRow: [{ fullName: '甲' }, { fullName: '' }],
  cellErrors: [{}, { fullName: '名称不能为空' }],
};

function area() {
  const api: SheetImportApi = {
    templateDownload: vi.fn(async () => ({ name: 'template.xlsx', url: '/t' })),
    upload: vi.fn(async (file: File): Promise<FileLink> => ({ name: `stored-${file.name}`, url: '/x' })),
    preview: vi.fn(async () => preview),
    importData: vi.fn(async () => ({ code: 200, msg: '', data: { snum: 1, fnum: 0, resultType: 0, failResult: [] } })),
    exportFailures: vi.fn(async () => ({ name: 'f.xlsx', url: '/f' })),
  };
  const onClose = vi.fn();
  const hook = renderHook(() => useImportWizard(api, onClose), { wrapper: HookProviders });
  return { api, onClose, hook };
}

/** Uploads a file as the upload list would, and reports it done. */
async function uploaded(hook: ReturnType<typeof area>['hook'], name = 'orders.xlsx') {
  const file = new File(['x'], name);
  let link: unknown;
  await act(async () =>
    hook.result.current.upload(
      file,
      (answer) => (link = answer),
      () => undefined,
    ),
  );
  const done: UploadFile = { uid: '1', name, status: 'done', response: link };
  act(() => hook.result.current.fileChanged(done, [done]));
}

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('useImportWizard', () => {
  test('下一步 without a file stays on the upload step', async () => {
    const { api, hook } = area();
    await act(() => hook.result.current.toPreview());
    expect(hook.result.current.step).toBe(0);
    expect(api.preview).not.toHaveBeenCalled();
  });

  test('a file that is not a sheet is refused', () => {
    const { hook } = area();
    expect(hook.result.current.acceptFile(new File(['x'], 'notes.txt'))).toBe(false);
    expect(hook.result.current.acceptFile(new File(['x'], 'orders.xlsx'))).toBe(true);
  });

  test('after the upload, 下一步 previews the stored file; the rows with problems can be shown alone', async () => {
    const { api, hook } = area();
    await uploaded(hook);
    await act(() => hook.result.current.toPreview());
    expect(api.preview).toHaveBeenCalledWith('stored-orders.xlsx');
    expect(hook.result.current.step).toBe(1);
    expect(hook.result.current.rows).toHaveLength(2);
    expect(hook.result.current.problemCount).toBe(1);
    act(() => hook.result.current.setOnlyProblems(true));
    expect(hook.result.current.shown.map((r) => r.key)).toEqual([1]);
  });

  test('editing a cell clears its problem; removing a row leaves it out of the import', async () => {
    const { api, hook } = area();
    await uploaded(hook);
    await act(() => hook.result.current.toPreview());
    act(() => hook.result.current.editCell(1, 'fullName', '乙'));
    expect(hook.result.current.problemCount).toBe(0);
    act(() => hook.result.current.removeRow(0));
    await act(() => hook.result.current.runImport());
    expect(api.importData).toHaveBeenCalledWith([{ fullName: '乙' }], expect.any(String));
    expect(hook.result.current.step).toBe(2);
    expect(hook.result.current.result?.snum).toBe(1);
    expect(hook.result.current.progress).toBeNull();
  });

  test('no rows left: the import is not sent', async () => {
    const { api, hook } = area();
    await uploaded(hook);
    await act(() => hook.result.current.toPreview());
    act(() => hook.result.current.removeRow(0));
    act(() => hook.result.current.removeRow(1));
    await act(() => hook.result.current.runImport());
    expect(api.importData).not.toHaveBeenCalled();
    expect(hook.result.current.step).toBe(1);
  });

  test('closing after rows were written says so and starts over', async () => {
    const { hook, onClose } = area();
    await uploaded(hook);
    await act(() => hook.result.current.toPreview());
    await act(() => hook.result.current.runImport());
    act(() => hook.result.current.close());
    expect(onClose).toHaveBeenCalledWith(true);
    expect(hook.result.current.step).toBe(0);
    expect(hook.result.current.files).toEqual([]);
  });

  test('a failed upload drops the file', async () => {
    const { hook } = area();
    const failed: UploadFile = { uid: '1', name: 'orders.xlsx', status: 'error' };
    act(() => hook.result.current.fileChanged(failed, [failed]));
    expect(hook.result.current.files).toEqual([]);
    await act(() => hook.result.current.toPreview());
    expect(hook.result.current.step).toBe(0);
  });
});
