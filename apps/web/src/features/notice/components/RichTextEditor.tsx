import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { UploadedFile } from '@platform/shared';
import Button from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import { type ClipboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../shared/api/http.ts';
import { sanitizeHtml } from '../../message/components/SafeHtml.tsx';
import '../notice.css';

/**
 * A small rich-text editor over contentEditable: the formatting a notice needs (bold, italic,
 * underline, strike, headings, lists, quotes, links), undo and redo. Everything it emits, and
 * everything pasted into it, goes through DOMPurify; the server sanitises again when storing.
 * Loaded only when a notice is written (lazy), so no page pays for it otherwise.
 */
export default function RichTextEditor({
  value,
  onChange,
  id,
  placeholder,
}: {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  /** What the empty editor says; a notice's own text unless the page that borrows it has its own. */
  placeholder?: string;
}) {
  const { t } = useTranslation('notice');
  const area = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | undefined>(undefined);

  // Outside changes (opening another notice) replace the content; our own echo does not.
  useEffect(() => {
    const el = area.current;
    if (!el || value === emitted.current) return;
    el.innerHTML = sanitizeHtml(value ?? '');
    emitted.current = value;
  }, [value]);

  const emit = () => {
    const el = area.current;
    if (!el) return;
    const text = el.textContent?.trim() ?? '';
    const html = text || el.querySelector('img') ? sanitizeHtml(el.innerHTML) : '';
    emitted.current = html;
    onChange?.(html);
  };

  const exec = (command: string, argument?: string) => {
    area.current?.focus();
    document.execCommand(command, false, argument);
    emit();
  };

  const insertImage = (src: string) => {
    area.current?.focus();
    document.execCommand('insertHTML', false, sanitizeHtml(`<img src="${src.replace(/"/g, '&quot;')}" alt="">`));
    emit();
  };

  // widgets.md: images come in only by upload or by pasting one (kept as a data URL).
  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const images = [...event.clipboardData.files].filter((file) => file.type.startsWith('image/'));
    if (images.length > 0) {
      for (const image of images) void readAsDataUrl(image).then(insertImage);
      return;
    }
    const html = event.clipboardData.getData('text/html');
    if (html) document.execCommand('insertHTML', false, sanitizeHtml(html));
    else document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
    emit();
  };

  const picker = useRef<HTMLInputElement>(null);
  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const answer = await http.postMultipart<UploadedFile>('/api/file/Uploader/annexpic', form, { silent: true });
      insertImage(answer.url);
    } catch (error) {
      // widgets.md §8: an image upload error inside the editor is logged to the console only.
      console.error(error);
    }
  };

  const tool = (label: string, icon: ReactNode, action: () => void) => (
    <Tooltip title={label} key={label}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={label}
        // Keep the selection in the editor while clicking the toolbar.
        onMouseDown={(event) => event.preventDefault()}
        onClick={action}
      />
    </Tooltip>
  );

  return (
    <div className="rte">
      <div className="rte-toolbar" role="toolbar">
        {tool(t('editor.bold'), <BoldOutlined />, () => exec('bold'))}
        {tool(t('editor.italic'), <ItalicOutlined />, () => exec('italic'))}
        {tool(t('editor.underline'), <UnderlineOutlined />, () => exec('underline'))}
        {tool(t('editor.strike'), <StrikethroughOutlined />, () => exec('strikeThrough'))}
        <span className="rte-sep" />
        {tool(t('editor.heading'), <span className="rte-text-icon">H</span>, () => exec('formatBlock', 'H3'))}
        {tool(t('editor.paragraph'), <span className="rte-text-icon">P</span>, () => exec('formatBlock', 'P'))}
        {tool(t('editor.quote'), <span className="rte-text-icon">❝</span>, () => exec('formatBlock', 'BLOCKQUOTE'))}
        {tool(t('editor.orderedList'), <OrderedListOutlined />, () => exec('insertOrderedList'))}
        {tool(t('editor.bulletList'), <UnorderedListOutlined />, () => exec('insertUnorderedList'))}
        {tool(t('editor.link'), <LinkOutlined />, () => {
          const href = window.prompt(t('editor.linkPrompt'), 'https://');
          if (href && /^(https?:|mailto:|tel:)/i.test(href.trim())) exec('createLink', href.trim());
        })}
        <span className="rte-sep" />
        {tool(t('editor.image'), <PictureOutlined />, () => picker.current?.click())}
        <input
          ref={picker}
          type="file"
          accept="image/*"
          style={{ display: 'none' }}
          aria-label={t('editor.image')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
        {tool(t('editor.clear'), <ClearOutlined />, () => exec('removeFormat'))}
        {tool(t('editor.undo'), <UndoOutlined />, () => exec('undo'))}
        {tool(t('editor.redo'), <RedoOutlined />, () => exec('redo'))}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text area has no native element */}
      <div
        id={id}
        ref={area}
        className="rte-area"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        aria-label={t('fields.bodyText')}
        data-placeholder={placeholder ?? t('editor.placeholder')}
        onInput={emit}
        onBlur={emit}
        onPaste={onPaste}
      />
    </div>
  );
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
