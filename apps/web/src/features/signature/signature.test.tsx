import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { QueryProvider } from '../../app/query-client.tsx';
import { i18n } from '../../shared/i18n/index.ts';
import { SignatureImageField } from './components/SignatureImageField.tsx';

const pngBytes = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces(['signature']);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderField = (onChange: (value: string) => void, value?: string) =>
  render(
    <Providers>
      <QueryProvider>
        <SignatureImageField value={value} onChange={onChange} />
      </QueryProvider>
    </Providers>,
  );
const upload = (file: File) => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
};

describe('the signature image field', () => {
  test('an uploaded PNG becomes the value as a data URL and shows', async () => {
    const onChange = vi.fn();
    renderField(onChange);
    expect(screen.getByText('暂无图片')).toBeTruthy();
    upload(new File([pngBytes], 'seal.png', { type: 'image/png' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.stringMatching(/^data:image\/png;base64,/)));
  });

  test('another kind of file or one over 1 MB is refused with its message and changes nothing', async () => {
    const onChange = vi.fn();
    renderField(onChange);
    upload(new File(['GIF89a'], 'seal.gif', { type: 'image/gif' }));
    expect(await screen.findByText('只能上传PNG或JPG图片')).toBeTruthy();
    upload(new File([new Uint8Array(1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('图片大小不能超过1MB')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  test('a stored image shows by its URL; 手写签名 opens the pad titled 请签名', async () => {
    renderField(vi.fn(), '/api/file/Image/signature/0123456789abcdef0123456789abcdef.png');
    expect(screen.getByRole('img', { name: '签名图片' }).getAttribute('src')).toBe(
      '/api/file/Image/signature/0123456789abcdef0123456789abcdef.png',
    );
    fireEvent.click(screen.getByRole('button', { name: /手写签名/ }));
    expect(await screen.findByRole('dialog', { name: '请签名' })).toBeTruthy();
    expect(screen.getByText('请在此区域使用鼠标手写签名')).toBeTruthy();
  });
});
