import type { FormDefinition, FormField, FormValues } from '@platform/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { QueryProvider } from '../../app/query-client.tsx';
import { wireResponse } from '../../test-wire.ts';
import { i18n } from '../i18n/index.ts';
import { FormRenderer } from './FormRenderer.tsx';
import { FormEngineProvider } from './plugins.tsx';
import { FormStore } from './store.ts';

/**
 * Issue 36/38: the engine's plug-ins come from the provider at the app root, so any form gets the
 * rich-text editor and the file service, whichever page loaded first (no preview page here).
 */

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (jnpfKey: string, name: string, label: string): FormField =>
  ({ __vModel__: name, __config__: { jnpfKey, label } }) as FormField;

function mount(definition: FormDefinition, values: FormValues, mode: 'edit' | 'detail' = 'edit') {
  const store = new FormStore(definition, values);
  render(
    <Providers>
      <QueryProvider>
        <FormRenderer store={store} mode={mode} />
      </QueryProvider>
    </Providers>,
  );
  return store;
}

describe('the form engine provider at the app root', () => {
  test('a rich-text field is the rich-text editor with its toolbar, holding the stored text', async () => {
    mount({ fields: [field('editor', 'body', '正文')] }, { body: '<h2>标题</h2><p><strong>加粗</strong>的字</p>' });
    const editor = await screen.findByRole('textbox', { name: '正文' }, { timeout: 10_000 });
    expect(editor.getAttribute('contenteditable')).toBe('true');
    // (happy-dom's DOMPurify drops heading and bold tags; the browser test checks the formatting.)
    expect(editor.textContent).toBe('标题加粗的字');
    for (const tool of [
      '加粗',
      '斜体',
      '下划线',
      '删除线',
      'H2 二级标题',
      '有序列表',
      '居中',
      '链接',
      '插入图片',
      '插入表格',
    ])
      expect(screen.getByRole('button', { name: tool })).toBeTruthy();
    expect(document.querySelector('textarea')).toBeNull();
  });

  test('without a provider the same field is a plain textarea (what the root provider prevents)', () => {
    const store = new FormStore({ fields: [field('editor', 'body', '正文')] }, { body: '<p>x</p>' });
    render(
      <FormEngineProvider>
        <FormRenderer store={store} />
      </FormEngineProvider>,
    );
    expect(document.querySelector('textarea')).not.toBeNull();
    expect(document.querySelector('[contenteditable]')).toBeNull();
  });

  test('an upload field downloads all its files as one zip and previews a document', async () => {
    const calls: { path: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      calls.push({ path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.pathname.startsWith('/api/file/PackDownload/'))
        return wireResponse('POST', url, {
          code: 200,
          data: { downloadName: 'files.zip', downloadVo: { url: '/api/file/Download/t1' } },
        });
      return wireResponse('GET', url, { code: 200, data: '/api/file/Image/annex/t2.png' });
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    mount(
      { fields: [field('uploadFile', 'files', '附件')] },
      {
        files: [
          { name: '图纸.png', fileId: 'f1.png', url: '/api/file/Download/annex/f1.png' },
          { name: '清单.xlsx', fileId: 'f2.xlsx', url: '/api/file/Download/annex/f2.xlsx' },
        ],
      },
      'detail',
    );
    fireEvent.click(screen.getByRole('button', { name: /下载全部/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls[0]).toEqual({
      path: '/api/file/PackDownload/annex',
      body: [
        { fileId: 'f1.png', fileName: '图纸.png' },
        { fileId: 'f2.xlsx', fileName: '清单.xlsx' },
      ],
    });
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.getAttribute('href')).toBe('/api/file/Download/t1');
    expect(anchor.download).toBe('files.zip');

    const row = screen.getByText('图纸.png').closest('li') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '预览' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/file/Uploader/Preview')).toBe(true));
    expect((await screen.findByRole('img', { name: '图纸.png' })).getAttribute('src')).toBe(
      '/api/file/Image/annex/t2.png',
    );
  });
});
