import { CloseOutlined, EyeOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import type { ReportInfo, ReportSheetProblemInfo } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm, useSuccessToast } from '../../../shared/components/index.ts';
import { reportApi } from '../api.ts';
import { CellPanel } from './CellPanel.tsx';
import { DataPanel } from './DataPanel.tsx';
import { DesignerGrid } from './DesignerGrid.tsx';
import { DesignerToolbar } from './DesignerToolbar.tsx';
import { LivePreview, ProblemList, useDraftPreview } from './LivePreview.tsx';
import { reportInputOf, useDesigner } from './use-designer.ts';
import '../report-view.css';
import './designer.css';

export interface ReportDesignerProps {
  reportId: string;
  onClose: () => void;
}

/** 设计 of a report (issue 39), full screen over the list: its own chunk, loaded only when a report is designed. */
export default function ReportDesigner({ reportId, onClose }: ReportDesignerProps) {
  const info = useQuery({
    queryKey: ['report', 'design', reportId],
    queryFn: () => reportApi.info(reportId),
    gcTime: 0,
  });
  if (!info.data) return <Spin className="shell-page-loading" />;
  return <Workbench info={info.data} onClose={onClose} />;
}

/**
 * The designer: toolbar on top, the data (parameters, datasets, fields) on the left, the sheet or
 * its live view in the middle with the sheet's problems under it, the selected cell and the charts
 * on the right. 保存 sends the whole definition; closing with unsaved changes asks first.
 */
export function Workbench({ info, onClose }: { info: ReportInfo; onClose: () => void }) {
  const { t } = useTranslation('report');
  const designer = useDesigner(info);
  const preview = useDraftPreview(info.fullName, designer.draft);
  const [tab, setTab] = useState<'sheet' | 'preview'>('sheet');
  const [saving, setSaving] = useState(false);
  const [confirm, holder] = useConfirm();
  const success = useSuccessToast();
  const fields = preview.data?.fields ?? {};
  const problems = preview.data?.problems ?? [];

  const save = async () => {
    const draft = designer.draft;
    setSaving(true);
    try {
      success(await reportApi.update(info.id, reportInputOf(info, draft)));
      designer.markSaved(draft);
    } catch {
      // The request layer has shown why (a sheet problem, a name taken).
    } finally {
      setSaving(false);
    }
  };
  const close = () => {
    if (!designer.dirty) onClose();
    else confirm.text(t('designer.closeQuestion'), async () => onClose());
  };
  const pick = (problem: ReportSheetProblemInfo) => {
    setTab('sheet');
    designer.select({ row: problem.row, col: problem.col ?? 0 });
  };

  const actions = (
    <>
      <Button size="small" icon={<ReloadOutlined />} loading={preview.isFetching} onClick={() => preview.refetch()}>
        {t('designer.refresh')}
      </Button>
      <Button size="small" icon={<EyeOutlined />} onClick={() => setTab(tab === 'preview' ? 'sheet' : 'preview')}>
        {tab === 'preview' ? t('designer.sheetTab') : t('designer.preview')}
      </Button>
      <Button size="small" type="primary" icon={<SaveOutlined />} loading={saving} onClick={save}>
        {t('designer.save')}
      </Button>
      <Button size="small" icon={<CloseOutlined />} onClick={close}>
        {t('designer.close')}
      </Button>
    </>
  );

  return (
    <div className="rd-designer" role="application" aria-label={t('designer.title', { name: info.fullName })}>
      {holder}
      <div className="rd-titlebar">
        <h2 className="rd-title">{t('designer.title', { name: info.fullName })}</h2>
        {designer.dirty ? <span className="rd-muted">{t('designer.unsaved')}</span> : null}
      </div>
      <DesignerToolbar designer={designer} actions={actions} />
      <div className="rd-panes">
        <DataPanel designer={designer} fields={fields} />
        <main className="rd-center">
          <Tabs
            size="small"
            activeKey={tab}
            onChange={(key) => setTab(key as 'sheet' | 'preview')}
            items={[
              {
                key: 'sheet',
                label: t('designer.sheetTab'),
                children: <DesignerGrid designer={designer} />,
              },
              { key: 'preview', label: t('designer.preview'), children: <LivePreview preview={preview} /> },
            ]}
          />
          <ProblemList problems={problems} onPick={pick} />
        </main>
        <CellPanel designer={designer} fields={fields} />
      </div>
    </div>
  );
}
