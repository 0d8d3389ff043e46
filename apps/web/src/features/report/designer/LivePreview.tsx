import type { ReportDraftInput, ReportDraftPreview, ReportSheetProblemInfo } from '@platform/shared';
import { columnName } from '@platform/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportApi } from '../api.ts';
import { ReportSheet } from '../components/ReportSheet.tsx';
import type { ReportDraft } from './use-designer.ts';

const ReportCharts = lazy(() => import('../components/ReportCharts.tsx'));

/** How long the design rests before the live view asks again (ms): typing a word is one request. */
const DEBOUNCE_MS = 700;

/** The draft as the live view sends it: a chart not filled in yet is left out, so the rest still runs. */
export function draftInput(name: string, draft: ReportDraft): ReportDraftInput {
  const charts = (draft.layout.charts ?? []).filter((c) => c.dataset && c.category && c.values.length);
  const { charts: _c, ...layout } = draft.layout;
  return {
    report: {
      fullName: name,
      parameters: draft.parameters,
      datasets: draft.datasets.filter((d) => d.interfaceId),
      layout: charts.length ? { ...layout, charts } : layout,
    },
    // The parameters' defaults, as the viewer opens the report.
    parameters: Object.fromEntries(draft.parameters.map((p) => [p.name, p.defaultValue ?? null])),
    currentPage: 1,
    pageSize: 50,
  };
}

/**
 * The draft run by the server (`Actions/PreviewDraft`) a moment after each change, and again on
 * demand: the first page, the datasets' fields (the left panel binds them) and the sheet problems.
 */
export function useDraftPreview(name: string, draft: ReportDraft) {
  const [sent, setSent] = useState(() => JSON.stringify(draftInput(name, draft)));
  useEffect(() => {
    const next = JSON.stringify(draftInput(name, draft));
    const timer = setTimeout(() => setSent(next), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [name, draft]);
  return useQuery({
    queryKey: ['report', 'draft', sent],
    queryFn: ({ signal }) => reportApi.previewDraft(JSON.parse(sent) as ReportDraftInput, signal),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export type DraftPreview = ReturnType<typeof useDraftPreview>;

/** The sheet's problems; a click selects the cell (or row) a problem names. */
export function ProblemList({
  problems,
  onPick,
}: {
  problems: readonly ReportSheetProblemInfo[];
  onPick: (problem: ReportSheetProblemInfo) => void;
}) {
  const { t } = useTranslation('report');
  if (!problems.length) return null;
  return (
    <Alert
      type="warning"
      className="rd-problems"
      title={t('designer.problems', { count: problems.length })}
      description={
        <ul>
          {problems.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the server's list, in reading order.
            <li key={i}>
              <button type="button" className="rd-problem" onClick={() => onPick(p)}>
                {p.col === undefined ? t('designer.rowOf', { row: p.row + 1 }) : `${columnName(p.col)}${p.row + 1}`}:{' '}
                {p.message}
              </button>
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** The live view's page: the sheet as the viewer will draw it, the charts, or why there is none. */
export function LivePreview({ preview }: { preview: DraftPreview }) {
  const { t } = useTranslation('report');
  const data: ReportDraftPreview | undefined = preview.data;
  if (preview.error && !data) return <Alert type="error" showIcon title={preview.error.message} />;
  if (!data) return <Spin className="report-loading" />;
  return (
    <div className="rd-live">
      {preview.error ? <Alert type="error" showIcon title={preview.error.message} /> : null}
      {data.truncated.length ? <Alert type="info" title={t('view.truncated', { cap: data.cap })} /> : null}
      {data.problems.length ? (
        <Alert type="warning" showIcon title={t('designer.fixProblems')} />
      ) : data.rows.length ? (
        <div className="report-sheet-scroll">
          <ReportSheet page={data} onDrill={() => undefined} />
        </div>
      ) : (
        <Empty description={t('view.empty')} />
      )}
      {data.charts.length ? (
        <Suspense fallback={null}>
          <ReportCharts charts={data.charts} />
        </Suspense>
      ) : null}
      <p className="rd-muted">{t('view.total', { total: data.total })}</p>
    </div>
  );
}
