import type { ReportPageSetup, ReportPreview } from '@platform/shared';
import { useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { ReportSheet } from './ReportSheet.tsx';

/** The CSS page box of the report's page setup; none when the report sets none (the browser's own then). */
export function pageRuleOf(setup: ReportPageSetup): string {
  if (!setup.paper && !setup.orientation && !setup.margins) return '';
  const size = [setup.paper, setup.orientation].filter(Boolean).join(' ');
  const m = setup.margins;
  const margin = m ? `margin: ${m.top}mm ${m.right}mm ${m.bottom}mm ${m.left}mm;` : '';
  return `@page { ${size ? `size: ${size};` : ''} ${margin} }`;
}

const noDrill = () => undefined;

/**
 * 打印: the page of the sheet shown, printed alone. A copy of it is put straight under <body> while
 * the print dialog is open, and the print CSS hides everything else: the shell's frame is a
 * screen-high box that clips what scrolls, so printing the sheet where it stands would cut it at
 * the first sheet of paper. Answers the print function and the copy to render.
 */
export function useReportPrint(preview: ReportPreview | undefined) {
  const [printing, setPrinting] = useState(false);
  const print = () => {
    // The copy is drawn before the dialog opens; print() returns once the dialog is closed.
    flushSync(() => setPrinting(true));
    document.body.classList.add('report-printing');
    try {
      window.print();
    } finally {
      document.body.classList.remove('report-printing');
      setPrinting(false);
    }
  };
  const copy =
    printing && preview
      ? createPortal(
          <div className={`report-print${preview.page.repeatHeader === false ? ' report-print-once' : ''}`}>
            <style>{pageRuleOf(preview.page)}</style>
            <h1 className="report-print-title">{preview.fullName}</h1>
            <ReportSheet page={preview} onDrill={noDrill} />
          </div>,
          document.body,
        )
      : null;
  return { print, copy };
}
