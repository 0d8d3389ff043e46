import { type ReactNode, useCallback, useState } from 'react';
import { PrintPreview, type PrintTarget } from './PrintPreview.tsx';
import { PrintTemplatePicker } from './PrintTemplatePicker.tsx';

/**
 * The templates a form or a flow node names for printing (`printId`, `printIds`): a list, a
 * comma-joined text or one id, as the 3.6 designers store them.
 */
export function printTemplateIds(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items.map((id) => String(id ?? '').trim()).filter(Boolean);
}

/**
 * Printing from wherever records are shown (a form's detail and list rows, a batch of selected
 * rows, a flow's detail, the template list): `print(templates, records)` asks which template when
 * several are offered (admin.md 2.10's picker), then opens 打印预览 with print, Word and PDF, and
 * the print log. Render `dialog` once where the hook is used.
 */
export function usePrintDialog(): {
  print: (templateIds: string[], recordIds: string[]) => void;
  dialog: ReactNode;
} {
  const [picking, setPicking] = useState<{ templateIds: string[]; recordIds: string[] } | null>(null);
  const [printing, setPrinting] = useState<PrintTarget | null>(null);
  const print = useCallback((templateIds: string[], recordIds: string[]) => {
    const [only, ...more] = templateIds;
    if (!only || !recordIds.length) return;
    if (more.length) setPicking({ templateIds, recordIds });
    else setPrinting({ templateId: only, recordIds });
  }, []);
  const choose = useCallback(
    (templateId: string) => {
      setPicking(null);
      if (picking) setPrinting({ templateId, recordIds: picking.recordIds });
    },
    [picking],
  );
  const dialog = (
    <>
      <PrintTemplatePicker
        templateIds={picking?.templateIds ?? null}
        onClose={() => setPicking(null)}
        onChoose={choose}
      />
      <PrintPreview target={printing} onClose={() => setPrinting(null)} />
    </>
  );
  return { print, dialog };
}
