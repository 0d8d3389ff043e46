import type { FileLink, ImportPreviewAnswer } from '@platform/shared';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { i18n } from '../../i18n/index.ts';
import { ImportWizard } from './ImportWizard.tsx';
import type { SheetImportApi } from './sheet-import-api.ts';

/** An import area whose upload answers only when the test says so (a slow network). */
function slowUploadArea() {
  let answerUpload: (link: FileLink) => void = () => undefined;
  const previewed: string[] = [];
  const api: SheetImportApi = {
    templateDownload: async () => ({ name: 'template.xlsx', url: '/t' }),
    upload: () =>
      new Promise<FileLink>((resolve) => {
        answerUpload = resolve;
      }),
    preview: async (fileName): Promise<ImportPreviewAnswer> => {
      previewed.push(fileName);
      return { headerRow: [{ id: 'fullName', fullName: '名称' }], dataRow: [{ fullName: '甲' }], cellErrors: [{}] };
    },
    importData: async () => ({ code: 200, msg: '', data: { snum: 1, fnum: 0, resultType: 0, failResult: [] } }),
    exportFailures: async () => ({ name: 'f.xlsx', url: '/f' }),
  };
  return { api, previewed, answerUpload: (link: FileLink) => answerUpload(link) };
}

const renderWizard = (api: SheetImportApi) =>
  render(
    <Providers>
      <ImportWizard open api={api} onClose={() => undefined} />
    </Providers>,
  );

const chooseFile = (name: string) => {
  const input = document.querySelector<HTMLInputElement>('.ant-modal input[type=file]');
  if (!input) throw new Error('no file input in the wizard');
  fireEvent.change(input, { target: { files: [new File(['x'], name)] } });
};

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
});
afterEach(cleanup);

describe('ImportWizard, step 1', () => {
  test('下一步 without a file says so and stays', async () => {
    renderWizard(slowUploadArea().api);
    fireEvent.click(screen.getByRole('button', { name: /下一步/ }));
    expect(await screen.findByText('请先上传文件')).toBeTruthy();
    expect(screen.queryByText(/共 \d+ 条数据/)).toBeNull();
  });

  test('下一步 pressed while the file is still uploading waits for it and shows the preview', async () => {
    const area = slowUploadArea();
    renderWizard(area.api);
    chooseFile('orders.xlsx');
    await waitFor(() => expect(document.querySelector('.ant-upload-list-item-uploading')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: /下一步/ }));
    await act(async () => area.answerUpload({ name: 'stored-orders.xlsx', url: '/x' }));
    expect(await screen.findByText('共 1 条数据')).toBeTruthy();
    expect(area.previewed).toEqual(['stored-orders.xlsx']);
    expect(screen.queryByText('请先上传文件')).toBeNull();
  });
});
