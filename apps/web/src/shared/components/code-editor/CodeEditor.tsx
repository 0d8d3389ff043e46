import { lazy, Suspense, useCallback } from 'react';
import { useComponentsTranslation } from '../i18n.ts';
import { jsonSyntaxError } from './json-syntax.ts';

/** `typescript` covers TSX too (generated code); `text` is plain (a README). */
export type CodeLanguage = 'sql' | 'json' | 'typescript' | 'text';

export interface CodeEditorProps {
  /** Given by Form.Item: the editable area takes it, so the item's `<label for>` names it. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  language: CodeLanguage;
  /** What a screen reader calls the editor (a `<label for>` does not name an editable div everywhere). */
  ariaLabel: string;
  /** Height in lines before it scrolls. */
  rows?: number;
  placeholder?: string;
  readOnly?: boolean;
  /** Given by Form.Item: its help and error texts, and whether the value failed a rule. */
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
}

const CodeMirrorEditor = lazy(() => import('./CodeMirrorEditor.tsx'));

/**
 * A code editor with syntax highlighting (SQL, JSON, TypeScript), line numbers, undo and bracket matching, that
 * works as an antd Form control (value / onChange, the item's label, help and error state). The
 * editor library is loaded with the first editor shown, not with the pages that never show one.
 * Tab is left to move focus (WCAG 2.1.2); indenting is Enter's job.
 */
export function CodeEditor(props: CodeEditorProps) {
  const { t } = useComponentsTranslation();
  const height = `${(props.rows ?? 8) * 20 + 10}px`;
  return (
    <Suspense
      fallback={
        <div className="code-editor-loading" style={{ height }} role="status">
          {t('loading')}
        </div>
      }
    >
      <CodeMirrorEditor {...props} height={height} />
    </Suspense>
  );
}

/**
 * Why a text is not JSON, with its line and column, in the user's language; null when it parses.
 * For a form rule under a JSON editor (the editor library is not needed to check).
 */
export function useJsonSyntaxMessage(): (text: string) => Promise<string | null> {
  const { t } = useComponentsTranslation();
  return useCallback(
    async (text: string) => {
      const error = await jsonSyntaxError(text);
      if (!error) return null;
      return error.line ? t('jsonSyntax', { line: error.line, column: error.column }) : t('jsonSyntaxUnplaced');
    },
    [t],
  );
}
