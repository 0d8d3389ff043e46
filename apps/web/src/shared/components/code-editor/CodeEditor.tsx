import { lazy, Suspense } from 'react';
import { useComponentsTranslation } from '../i18n.ts';

export type CodeLanguage = 'sql' | 'json';

export interface CodeEditorProps {
  /** Given by Form.Item: the editable area takes it. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  language: CodeLanguage;
  /** What a screen reader calls the editor (a `<label for>` cannot name an editable div). */
  ariaLabel: string;
  /** Height in lines before it scrolls. */
  rows?: number;
  placeholder?: string;
  readOnly?: boolean;
}

const CodeMirrorEditor = lazy(() => import('./CodeMirrorEditor.tsx'));

/**
 * A code editor with syntax highlighting (SQL, JSON), line numbers, undo and bracket matching. The
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
