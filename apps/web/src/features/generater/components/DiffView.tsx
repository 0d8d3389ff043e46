import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { foldUnchanged, lineDiff } from '../line-diff.ts';

const marks = { same: ' ', added: '+', removed: '-' } as const;

/** The last download's text against the new one, line by line, unchanged runs folded. */
export function DiffView({ before, after, label }: { before: string; after: string; label: string }) {
  const { t } = useTranslation('generater');
  const rows = useMemo(() => foldUnchanged(lineDiff(before, after)), [before, after]);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the box scrolls; without a tab stop the keyboard cannot scroll it (WCAG 2.1.1)
    <section className="generater-diff" aria-label={label} tabIndex={0}>
      {rows.map((row, index) =>
        row.kind === 'folded' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in a fixed text
          <div key={index} className="generater-diff-folded">
            {t('folded', { count: row.count })}
          </div>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in a fixed text
          <div key={index} className={`generater-diff-line generater-diff-${row.kind}`}>
            <span className="generater-diff-mark" aria-hidden="true">
              {marks[row.kind]}
            </span>
            {row.kind === 'added' ? <ins>{row.text}</ins> : row.kind === 'removed' ? <del>{row.text}</del> : row.text}
          </div>
        ),
      )}
    </section>
  );
}
