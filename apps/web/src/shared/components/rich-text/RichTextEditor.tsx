import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { Placeholder } from '@tiptap/extensions';
import { NodeSelection, Selection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Button from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import { type ReactNode, type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import { useComponentsTranslation } from '../i18n.ts';
import { uploadEditorImage } from './api.ts';
import { sanitizeHtml } from './sanitize.ts';
import './rich-text.css';

/** What a page holding the editor may do to it: put text or a block at the cursor (the print designer's fields). */
export interface RichTextHandle {
  insert(content: string, kind: 'text' | 'html'): void;
}

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** The id of the editable area, tied to its label. */
  id?: string;
  /** The editable area's accessible name. */
  label?: string;
  /** What the empty editor says. */
  placeholder?: string;
  ref?: Ref<RichTextHandle>;
}

/** A table keeps the class the print designer gives it (print-table) and its border. */
const KeptTable = Table.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      class: { default: null },
      border: { default: null },
    };
  },
});

/** The editor's HTML, or '' when nothing is written; always through DOMPurify. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : sanitizeHtml(editor.getHTML());
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Puts an image at the cursor; an image that is selected (the one just put in) stays, the new one goes after it. */
function insertImage(view: EditorView, src: string) {
  const image = view.state.schema.nodes.image;
  if (!image) return;
  let tr = view.state.tr;
  if (tr.selection instanceof NodeSelection) tr = tr.setSelection(Selection.near(tr.doc.resolve(tr.selection.to), 1));
  view.dispatch(tr.replaceSelectionWith(image.create({ src, alt: '' })));
}

/**
 * The rich-text editor of notices, print templates and the form engine's editor field, on TipTap
 * (ProseMirror): bold, italic, underline, strike, headings, quote, lists, alignment, links, images
 * (uploaded to the file service, or pasted and kept as a data URL, widgets.md), tables, undo and
 * redo, with the usual keyboard shortcuts (Ctrl+B, Ctrl+I, Ctrl+U, Ctrl+Z …). What it emits is
 * sanitised; the server sanitises again when storing. Loaded only where text is written (lazy).
 */
export default function RichTextEditor({ value, onChange, id, label, placeholder, ref }: RichTextEditorProps) {
  const { t } = useComponentsTranslation();
  const emitted = useRef<string | undefined>(value);
  const change = useRef(onChange);
  change.current = onChange;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        link: { openOnClick: false, defaultProtocol: 'https', protocols: ['mailto', 'tel'] },
      }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      Image.configure({ allowBase64: true }),
      KeptTable.configure({ resizable: false }),
      TableRow,
      TableHeader,
      TableCell,
      Placeholder.configure({ placeholder: placeholder ?? t('richText.placeholder') }),
    ],
    content: sanitizeHtml(value ?? ''),
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        class: 'rte-area',
        role: 'textbox',
        'aria-multiline': 'true',
        ...(id ? { id } : {}),
        ...(label ? { 'aria-label': label } : {}),
      },
      // widgets.md: images come in only by upload or by pasting one (kept as a data URL).
      handlePaste: (view, event) => {
        const images = [...(event.clipboardData?.files ?? [])].filter((file) => file.type.startsWith('image/'));
        if (images.length === 0) return false;
        for (const image of images) void readAsDataUrl(image).then((src) => insertImage(view, src));
        return true;
      },
      transformPastedHTML: (html) => sanitizeHtml(html),
    },
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      emitted.current = html;
      change.current?.(html);
    },
  });

  // Outside changes (opening another record) replace the content; our own echo does not.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(sanitizeHtml(value ?? ''), { emitUpdate: false });
  }, [editor, value]);

  useImperativeHandle(
    ref,
    () => ({
      insert(content, kind) {
        editor
          ?.chain()
          .focus()
          .insertContent(kind === 'text' ? { type: 'text', text: content } : sanitizeHtml(content))
          .run();
      },
    }),
    [editor],
  );

  if (!editor) return null;
  return (
    <div className="rte">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

/** One toolbar button: what it does, whether it is on where the cursor is, its shortcut. */
interface Tool {
  name: string;
  icon: ReactNode;
  run: (editor: Editor) => void;
  active?: (editor: Editor) => boolean;
  keys?: string;
  /** Text shown instead of an icon; the button's name then starts with it. */
  shown?: string;
}

const chain = (editor: Editor) => editor.chain().focus();
const textIcon = (text: string) => <span className="rte-text-icon">{text}</span>;
const heading = (level: 1 | 2 | 3): Tool => ({
  name: `heading${level}`,
  icon: textIcon(`H${level}`),
  run: (e) => chain(e).toggleHeading({ level }).run(),
  active: (e) => e.isActive('heading', { level }),
  keys: `Ctrl+Alt+${level}`,
  shown: `H${level}`,
});
const align = (side: 'left' | 'center' | 'right', name: string, icon: ReactNode, key: string): Tool => ({
  name,
  icon,
  run: (e) => chain(e).setTextAlign(side).run(),
  active: (e) => e.isActive({ textAlign: side }),
  keys: `Ctrl+Shift+${key}`,
});

/** The toolbar in groups (a separator between groups); link, image and table are added by the toolbar. */
const groups: Tool[][] = [
  [
    {
      name: 'bold',
      icon: <BoldOutlined />,
      run: (e) => chain(e).toggleBold().run(),
      active: (e) => e.isActive('bold'),
      keys: 'Ctrl+B',
    },
    {
      name: 'italic',
      icon: <ItalicOutlined />,
      run: (e) => chain(e).toggleItalic().run(),
      active: (e) => e.isActive('italic'),
      keys: 'Ctrl+I',
    },
    {
      name: 'underline',
      icon: <UnderlineOutlined />,
      run: (e) => chain(e).toggleUnderline().run(),
      active: (e) => e.isActive('underline'),
      keys: 'Ctrl+U',
    },
    {
      name: 'strike',
      icon: <StrikethroughOutlined />,
      run: (e) => chain(e).toggleStrike().run(),
      active: (e) => e.isActive('strike'),
      keys: 'Ctrl+Shift+S',
    },
  ],
  [
    heading(1),
    heading(2),
    heading(3),
    {
      name: 'paragraph',
      icon: textIcon('P'),
      run: (e) => chain(e).setParagraph().run(),
      active: (e) => e.isActive('paragraph'),
      keys: 'Ctrl+Alt+0',
    },
    {
      name: 'quote',
      icon: textIcon('❝'),
      run: (e) => chain(e).toggleBlockquote().run(),
      active: (e) => e.isActive('blockquote'),
      keys: 'Ctrl+Shift+B',
    },
    {
      name: 'orderedList',
      icon: <OrderedListOutlined />,
      run: (e) => chain(e).toggleOrderedList().run(),
      active: (e) => e.isActive('orderedList'),
      keys: 'Ctrl+Shift+7',
    },
    {
      name: 'bulletList',
      icon: <UnorderedListOutlined />,
      run: (e) => chain(e).toggleBulletList().run(),
      active: (e) => e.isActive('bulletList'),
      keys: 'Ctrl+Shift+8',
    },
  ],
  [
    align('left', 'alignLeft', <AlignLeftOutlined />, 'L'),
    align('center', 'alignCenter', <AlignCenterOutlined />, 'E'),
    align('right', 'alignRight', <AlignRightOutlined />, 'R'),
  ],
];
const endGroup: Tool[] = [
  { name: 'clear', icon: <ClearOutlined />, run: (e) => chain(e).unsetAllMarks().clearNodes().run() },
  { name: 'undo', icon: <UndoOutlined />, run: (e) => chain(e).undo().run(), keys: 'Ctrl+Z' },
  { name: 'redo', icon: <RedoOutlined />, run: (e) => chain(e).redo().run(), keys: 'Ctrl+Shift+Z' },
];

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useComponentsTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const upload = async (file: File) => {
    try {
      const src = await uploadEditorImage(file);
      editor.commands.focus();
      insertImage(editor.view, src);
    } catch (error) {
      // widgets.md §8: an image upload error inside the editor is logged to the console only.
      console.error(error);
    }
  };
  const link = () => {
    const href = window.prompt(t('richText.linkPrompt'), editor.getAttributes('link').href ?? 'https://');
    if (href === null) return;
    if (!href.trim()) chain(editor).extendMarkRange('link').unsetLink().run();
    else if (/^(https?:|mailto:|tel:)/i.test(href.trim()))
      chain(editor).extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  const inserts: Tool[] = [
    { name: 'link', icon: <LinkOutlined />, run: link, active: (e) => e.isActive('link') },
    { name: 'image', icon: <PictureOutlined />, run: () => picker.current?.click() },
    {
      name: 'table',
      icon: <TableOutlined />,
      run: (e) => chain(e).insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
    },
  ];
  const button = ({ name, icon, run, active, keys, shown }: Tool) => {
    const label = shown ? `${shown} ${t(`richText.${name}`)}` : t(`richText.${name}`);
    const on = active?.(editor) ?? false;
    return (
      <Tooltip title={keys ? `${label} (${keys})` : label} key={name}>
        <Button
          type="text"
          size="small"
          icon={icon}
          className={on ? 'rte-active' : undefined}
          aria-label={label}
          aria-pressed={active ? on : undefined}
          // Keep the selection in the editor while clicking the toolbar.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => run(editor)}
        />
      </Tooltip>
    );
  };
  return (
    <div className="rte-toolbar" role="toolbar">
      {[...groups, inserts, endGroup].map((group, i) => (
        <span className="rte-group" key={group[0]?.name ?? i}>
          {i > 0 ? <span className="rte-sep" /> : null}
          {group.map(button)}
        </span>
      ))}
      <input
        ref={picker}
        type="file"
        accept="image/*"
        style={{ display: 'none' }}
        aria-label={t('richText.image')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
    </div>
  );
}
