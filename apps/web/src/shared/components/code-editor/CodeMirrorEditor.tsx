import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { PostgreSQL, sql } from '@codemirror/lang-sql';
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, placeholder as placeholderText } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import theme from 'antd/es/theme';
import { useEffect, useRef } from 'react';
import { luminance } from '../../theme-contrast.ts';
import type { CodeEditorProps, CodeLanguage } from './CodeEditor.tsx';
import { type CodeColours, codeColours } from './code-colours.ts';

function highlighting(colours: CodeColours): Extension {
  return syntaxHighlighting(
    HighlightStyle.define([
      { tag: [tags.keyword, tags.operatorKeyword, tags.modifier], color: colours.keyword },
      { tag: [tags.string, tags.special(tags.string)], color: colours.string },
      { tag: [tags.number, tags.integer, tags.float], color: colours.number },
      { tag: [tags.bool, tags.null, tags.atom], color: colours.literal },
      { tag: [tags.propertyName, tags.typeName, tags.special(tags.name)], color: colours.property },
      { tag: [tags.comment, tags.lineComment, tags.blockComment], color: colours.comment, fontStyle: 'italic' },
      { tag: tags.invalid, color: colours.invalid },
    ]),
  );
}

const languages: Record<CodeLanguage, () => Extension> = {
  sql: () => sql({ dialect: PostgreSQL }),
  json: () => json(),
  typescript: () => javascript({ typescript: true, jsx: true }),
  text: () => [],
};

/** Drawn with antd's own variables, so that the editor follows the theme like the inputs beside it. */
const frame = EditorView.theme({
  '&': {
    border: '1px solid var(--ant-color-border)',
    borderRadius: 'var(--ant-border-radius)',
    backgroundColor: 'var(--ant-color-bg-container)',
    color: 'var(--ant-color-text)',
    fontSize: '13px',
  },
  '&.cm-focused': {
    outline: 'none',
    borderColor: 'var(--ant-color-primary)',
    boxShadow: '0 0 0 2px var(--ant-color-primary-bg)',
  },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', lineHeight: '20px' },
  '.cm-gutters': {
    backgroundColor: 'var(--ant-color-fill-quaternary)',
    color: 'var(--ant-color-text-description)',
    border: 'none',
  },
  // A value that failed the form's rule: the error colour of antd's own inputs.
  '&.cm-invalid': { borderColor: 'var(--ant-color-error)' },
  '&.cm-invalid.cm-focused': { boxShadow: '0 0 0 2px var(--ant-color-error-bg)' },
  '.cm-placeholder': { color: 'var(--ant-color-text-placeholder)' },
  '.cm-cursor': { borderLeftColor: 'var(--ant-color-text)' },
});

type Naming = Pick<CodeEditorProps, 'id' | 'ariaLabel' | 'aria-describedby' | 'aria-invalid' | 'aria-required'>;

/** What assistive technology reads of the editable area, and the frame's error state. */
function naming({ id, ariaLabel, ...aria }: Naming): Extension {
  const invalid = aria['aria-invalid'] === true || aria['aria-invalid'] === 'true';
  const required = aria['aria-required'] === true || aria['aria-required'] === 'true';
  return [
    EditorView.contentAttributes.of({
      'aria-label': ariaLabel,
      'aria-multiline': 'true',
      spellcheck: 'false',
      ...(id ? { id } : {}),
      ...(aria['aria-describedby'] ? { 'aria-describedby': aria['aria-describedby'] } : {}),
      ...(invalid ? { 'aria-invalid': 'true' } : {}),
      ...(required ? { 'aria-required': 'true' } : {}),
    }),
    EditorView.editorAttributes.of(invalid ? { class: 'cm-invalid' } : {}),
  ];
}

/** The CodeMirror 6 view behind `CodeEditor` (loaded on demand). */
export default function CodeMirrorEditor({
  value,
  onChange,
  language,
  placeholder,
  readOnly,
  height,
  ...rest
}: CodeEditorProps & { height: string }) {
  const names: Naming = {
    id: rest.id,
    ariaLabel: rest.ariaLabel,
    'aria-describedby': rest['aria-describedby'],
    'aria-invalid': rest['aria-invalid'],
    'aria-required': rest['aria-required'],
  };
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const colours = useRef(new Compartment());
  const named = useRef(new Compartment());
  const grammar = useRef(new Compartment());
  const { token } = theme.useToken();
  const mode = luminance(toHex(token.colorBgContainer)) < 0.2 ? 'dark' : 'light';

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is built once; value and colours follow below
  useEffect(() => {
    if (!host.current) return;
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value ?? '',
        extensions: [
          lineNumbers(),
          history(),
          bracketMatching(),
          indentOnInput(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          grammar.current.of(languages[language]()),
          colours.current.of(highlighting(codeColours[mode])),
          frame,
          EditorView.theme({ '&': { height }, '.cm-scroller': { overflow: 'auto' } }),
          EditorView.lineWrapping,
          EditorState.readOnly.of(Boolean(readOnly)),
          named.current.of(naming(names)),
          ...(placeholder ? [placeholderText(placeholder)] : []),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current?.(update.state.doc.toString());
          }),
        ],
      }),
    });
    // A read-only text longer than the box scrolls: the keyboard must reach the box to scroll it (WCAG 2.1.1).
    if (readOnly) created.scrollDOM.tabIndex = 0;
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
  }, []);

  // A value set from outside (a record loaded into the form) replaces the text.
  useEffect(() => {
    const current = view.current;
    const text = value ?? '';
    if (current && current.state.doc.toString() !== text) {
      current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: text } });
    }
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: colours.current.reconfigure(highlighting(codeColours[mode])) });
  }, [mode]);

  // One editor shows several files (the code preview): the grammar follows the file.
  useEffect(() => {
    view.current?.dispatch({ effects: grammar.current.reconfigure(languages[language]()) });
  }, [language]);

  // The form's help, error and required state change after the view is built.
  const namesKey = JSON.stringify(names);
  // biome-ignore lint/correctness/useExhaustiveDependencies: names is rebuilt each render; its text says when it changed
  useEffect(() => {
    view.current?.dispatch({ effects: named.current.reconfigure(naming(names)) });
  }, [namesKey]);

  return <div ref={host} className="code-editor" data-language={language} />;
}

/** antd gives colours as #rrggbb or rgb()/rgba(); luminance wants hex. */
function toHex(colour: string): string {
  if (colour.startsWith('#'))
    return colour.length === 4 ? `#${[...colour.slice(1)].map((c) => c + c).join('')}` : colour.slice(0, 7);
  const parts = colour
    .match(/\d+(\.\d+)?/g)
    ?.slice(0, 3)
    .map(Number) ?? [255, 255, 255];
  return `#${parts.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}
