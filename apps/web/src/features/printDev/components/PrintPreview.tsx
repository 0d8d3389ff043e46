import {
  HANDLE_STATUS_CODES,
  type PrintApprovalTexts,
  type PrintData,
  readPrintPageParam,
  renderPrintTemplate,
} from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeHtml } from '../../../shared/components/rich-text/sanitize.ts';
import { saveBlob } from '../../../shared/download.ts';
import { useToast } from '../../../shared/toast.tsx';
import { printDevApi } from '../api.ts';
import { printCodes } from '../print-codes.ts';
import '../print-dev.css';

export interface PrintTarget {
  templateId: string;
  /** One record, or several printed in a batch. */
  recordIds: string[];
}

/** The approval block's texts in the user's language. */
export function approvalTexts(t: TFunction): PrintApprovalTexts {
  return {
    headers: [
      t('approval.node'),
      t('approval.user'),
      t('approval.time'),
      t('approval.status'),
      t('approval.opinion'),
      t('approval.sign'),
    ],
    status: Object.fromEntries(HANDLE_STATUS_CODES.map((code) => [code, t(`common:handleStatus.${code}`)])),
    none: t('approval.none'),
  };
}

/** The rendered pages of a print: the template filled with each record, its codes drawn, sanitised. */
export function printPages(data: PrintData[], texts: PrintApprovalTexts): string[] {
  return data.map((one) =>
    sanitizeHtml(
      renderPrintTemplate(one.printTemplate, one.printData, {
        codes: printCodes,
        approval: { records: one.operatorRecordList, texts },
      }),
    ),
  );
}

/**
 * 打印预览 (admin.md 2.10): a full-screen dialog showing one page per record on the template's
 * paper, with download (a Word document), print and cancel. After the browser's print the print
 * is logged. (A print asked for in a form's preview never gets here: `PreviewPrintButton`.)
 */
export function PrintPreview({ target, onClose }: { target: PrintTarget | null; onClose: () => void }) {
  const { t } = useTranslation('printDev');
  const toast = useToast();
  const data = useQuery({
    queryKey: ['printDev', 'print', target?.templateId, target?.recordIds.join(',')],
    queryFn: () => printDevApi.batchData(target?.templateId as string, target?.recordIds ?? []) as Promise<PrintData[]>,
    enabled: Boolean(target?.recordIds.length),
    gcTime: 0,
  });
  const name = useQuery({
    queryKey: ['printDev', 'name', target?.templateId],
    queryFn: () => printDevApi.names([target?.templateId as string]),
    enabled: Boolean(target),
  });
  const title = name.data?.[0]?.fullName ?? t('preview.title');
  const pages = useMemo(() => printPages(data.data ?? [], approvalTexts(t)), [data.data, t]);
  const page = readPrintPageParam(data.data?.[0]?.pageParam);
  const [width, height] = page.direction === 2 ? [page.height, page.width] : [page.width, page.height];
  const printing = useRef(false);

  // The browser's print dialog closes with `afterprint`: the print is logged then.
  useEffect(() => {
    if (!target) return;
    const logged = () => {
      if (!printing.current) return;
      printing.current = false;
      document.body.classList.remove('printing');
      void printDevApi.saveLog(target.templateId, title, target.recordIds.length);
    };
    window.addEventListener('afterprint', logged);
    return () => window.removeEventListener('afterprint', logged);
  }, [target, title]);

  const print = () => {
    printing.current = true;
    document.body.classList.add('printing');
    window.print();
  };
  const download = async () => {
    const [{ printDocument }, { Packer }] = await Promise.all([import('../print-docx.ts'), import('docx')]);
    saveBlob(await Packer.toBlob(printDocument(pages, page)), `${title}.docx`);
  };
  const sheets = useRef<HTMLDivElement>(null);
  /** Sheets drawn into the PDF so far, while one is being made. */
  const [exported, setExported] = useState<number | null>(null);
  const downloadPdf = async () => {
    const drawn = [...(sheets.current?.querySelectorAll<HTMLElement>('.print-sheet') ?? [])];
    setExported(0);
    try {
      const { printPdf } = await import('../../../shared/print-pdf.ts');
      saveBlob(await printPdf(drawn, { width, height }, setExported), `${title}.pdf`);
    } catch (error) {
      // The person is told in their language; the browser's own reason is for the console.
      console.error(error);
      toast.error(t('preview.pdfFailed'));
    } finally {
      setExported(null);
    }
  };

  return (
    <Modal
      open={Boolean(target)}
      title={t('preview.title')}
      onCancel={onClose}
      width="100%"
      className="print-preview"
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => void download()} disabled={!pages.length}>
            {t('preview.download')}
          </Button>
          <Button onClick={() => void downloadPdf()} disabled={!pages.length} loading={exported !== null}>
            {exported === null
              ? t('preview.downloadPdf')
              : t('preview.pdfProgress', { done: exported, total: pages.length })}
          </Button>
          <Button type="primary" onClick={print} disabled={!pages.length}>
            {t('preview.print')}
          </Button>
          <Button onClick={onClose}>{t('preview.cancel')}</Button>
        </Space>
      }
    >
      {data.isLoading ? <Spin /> : null}
      {data.isError ? <Result status="warning" title={data.error.message} /> : null}
      <style>{`@page { size: ${width}mm ${height}mm; margin: 0; }`}</style>
      <div className="print-pages" ref={sheets}>
        {pages.map((html, i) => (
          <div
            // The pages are the records in the order asked; the same record may be printed twice.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            className="print-sheet"
            style={{
              width: `${width}mm`,
              minHeight: `${height}mm`,
              padding: `${page.mt}mm ${page.mr}mm ${page.mb}mm ${page.ml}mm`,
            }}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in printPages
            dangerouslySetInnerHTML={{ __html: html }}
          />
        ))}
      </div>
    </Modal>
  );
}
