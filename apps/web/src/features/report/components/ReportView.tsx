import type { ReportInfo, ReportPreview, ReportRunInput } from '@platform/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Modal from 'antd/es/modal';
import Pagination from 'antd/es/pagination';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExportTask } from '../../../shared/components/index.ts';
import { reportApi } from '../api.ts';
import {
  type ReportFormValue,
  type ReportParameterValues,
  runParameters,
  startingFormValues,
} from '../report-parameters.ts';
import { FormDrillDialog } from './FormDrillDialog.tsx';
import { type ReportOutputProgress, useReportOutput } from './ReportPrint.tsx';
import { ReportSearchForm } from './ReportSearchForm.tsx';
import { isFormTarget, type ReportDrillTarget, type ReportReportTarget, ReportSheet } from './ReportSheet.tsx';
import '../report-view.css';

// ECharts is loaded only by reports that have charts.
const ReportCharts = lazy(() => import('./ReportCharts.tsx'));

const REPORT_PAGE_SIZES = [50, 100, 200, 500];
const DEFAULT_PAGE_SIZE = 100;

/** The run shown: its parameters and page; `asked` counts the 查询 clicks, so asking again runs again. */
interface RunState {
  parameters: ReportParameterValues;
  currentPage: number;
  pageSize: number;
  asked: number;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The definition the viewer reads, shared by the view and a drill-through dialog's title. */
const useReportInfo = (reportId: string | undefined) =>
  useQuery({
    queryKey: ['report', 'view', reportId],
    queryFn: () => reportApi.viewInfo(reportId ?? ''),
    enabled: Boolean(reportId),
  });

/**
 * A report as a type-5 menu shows it (issue 39): the search form of its parameters, 导出Excel and
 * 打印, its charts, one page of the filled sheet and the pager. `initialParameters` (a
 * drill-through's) start the form instead of the defaults. A refusal of the server (无权查看该报表,
 * 报表已停用) is the page's message.
 */
export function ReportView({
  reportId,
  initialParameters,
}: {
  reportId: string;
  initialParameters?: ReportParameterValues | undefined;
}) {
  const info = useReportInfo(reportId);
  if (info.isError) return <Result status="warning" title={messageOf(info.error)} />;
  if (!info.data) return <Spin className="report-loading" />;
  return <ReportRun key={reportId} info={info.data} initialParameters={initialParameters} />;
}

function ReportRun({
  info,
  initialParameters,
}: {
  info: ReportInfo;
  initialParameters: ReportParameterValues | undefined;
}) {
  const { t } = useTranslation('report');
  const startValues = useMemo(
    () => startingFormValues(info.parameters, initialParameters),
    [info.parameters, initialParameters],
  );
  const [run, setRun] = useState<RunState>(() => ({
    parameters: runParameters(info.parameters, startValues),
    currentPage: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    asked: 0,
  }));
  const input: ReportRunInput = { parameters: run.parameters, currentPage: run.currentPage, pageSize: run.pageSize };
  const preview = useQuery({
    queryKey: ['report', 'preview', info.id, input, run.asked],
    queryFn: () => reportApi.preview(info.id, input),
    // The page shown stays while the next one comes, under the spinner.
    placeholderData: keepPreviousData,
  });
  const [drill, setDrill] = useState<ReportDrillTarget | null>(null);
  const search = (values: Record<string, ReportFormValue>) =>
    setRun((current) => ({
      ...current,
      parameters: runParameters(info.parameters, values),
      currentPage: 1,
      asked: current.asked + 1,
    }));
  const shown = preview.isError ? undefined : preview.data;

  return (
    <div className="report-view">
      <ReportSearchForm parameters={info.parameters} initialValues={startValues} onSearch={search} />
      <ReportToolbar info={info} parameters={run.parameters} preview={shown} />
      {preview.isError ? (
        <Alert type="error" showIcon className="report-note" title={messageOf(preview.error)} />
      ) : null}
      {shown?.charts.length ? (
        <Suspense fallback={<Spin />}>
          <ReportCharts charts={shown.charts} />
        </Suspense>
      ) : null}
      <Spin spinning={preview.isFetching}>
        <div className="report-sheet-scroll">
          {shown?.rows.length ? (
            <ReportSheet page={shown} onDrill={setDrill} />
          ) : shown ? (
            <Empty description={t('view.empty')} />
          ) : (
            <div className="report-sheet-waiting" />
          )}
        </div>
      </Spin>
      {shown ? (
        <Pagination
          className="report-pager"
          size="small"
          current={shown.currentPage}
          pageSize={run.pageSize}
          // The pager counts pages of body rows; the header rows repeat on each and are not among them.
          total={shown.pages * run.pageSize}
          showTotal={() => t('view.total', { total: shown.total })}
          showSizeChanger
          pageSizeOptions={REPORT_PAGE_SIZES}
          onChange={(currentPage, pageSize) =>
            setRun((current) => ({
              ...current,
              currentPage: pageSize === current.pageSize ? currentPage : 1,
              pageSize,
            }))
          }
        />
      ) : null}
      <DrillDialog target={drill && !isFormTarget(drill) ? drill : null} onClose={() => setDrill(null)} />
      <FormDrillDialog target={drill && isFormTarget(drill) ? drill : null} onClose={() => setDrill(null)} />
    </div>
  );
}

/** What a print or PDF button says while it runs: the pages read, then the PDF's sheets drawn. */
function progressText(t: TFunction<'report'>, progress: ReportOutputProgress): string {
  if (progress.step === 'draw') return t('view.drawing', { done: progress.done, total: progress.total });
  if (progress.total === 0) return t('view.preparing');
  return t('view.fetching', { done: progress.done, total: progress.total });
}

/**
 * 导出Excel, 导出PDF and 打印, each of the whole report with the parameters shown, and the note of
 * rows left out. While a PDF or a print is made its button tells how far it is and 取消 stops it.
 */
function ReportToolbar({
  info,
  parameters,
  preview,
}: {
  info: ReportInfo;
  parameters: ReportParameterValues;
  preview: ReportPreview | undefined;
}) {
  const { t } = useTranslation('report');
  const exportTask = useExportTask();
  const [exporting, setExporting] = useState(false);
  const output = useReportOutput(info, parameters);
  const { progress } = output;
  const exportExcel = async () => {
    setExporting(true);
    try {
      await exportTask(() => reportApi.exportExcel(info.id, { parameters }));
    } finally {
      setExporting(false);
    }
  };
  const nothing = !preview?.rows.length;
  return (
    <>
      <Space className="report-toolbar">
        <Button type="primary" loading={exporting} onClick={exportExcel}>
          {t('view.exportExcel')}
        </Button>
        <Button
          disabled={nothing || (progress !== null && progress.purpose !== 'pdf')}
          loading={progress?.purpose === 'pdf'}
          onClick={() => void output.exportPdf()}
        >
          {progress?.purpose === 'pdf' ? progressText(t, progress) : t('view.exportPdf')}
        </Button>
        <Button
          disabled={nothing || (progress !== null && progress.purpose !== 'print')}
          loading={progress?.purpose === 'print'}
          onClick={() => void output.print()}
        >
          {progress?.purpose === 'print' ? progressText(t, progress) : t('view.print')}
        </Button>
        {progress ? <Button onClick={output.cancel}>{t('view.cancel')}</Button> : null}
      </Space>
      {preview?.truncated.length ? (
        <Alert type="warning" showIcon className="report-note" title={t('view.truncated', { cap: preview.cap })} />
      ) : null}
      {output.sheets}
    </>
  );
}

/** A drill-through: the target report in a large dialog, started with the clicked row's values. */
function DrillDialog({ target, onClose }: { target: ReportReportTarget | null; onClose: () => void }) {
  const info = useReportInfo(target?.reportId);
  return (
    <Modal
      open={Boolean(target)}
      title={info.data?.fullName}
      width="90vw"
      footer={null}
      destroyOnHidden
      onCancel={onClose}
      className="report-drill-dialog"
    >
      {target ? <ReportView reportId={target.reportId} initialParameters={target.parameters} /> : null}
    </Modal>
  );
}
