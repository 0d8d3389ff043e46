import { CloseOutlined, EyeOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { columnName, type ReportInfo, type ReportSheetProblemInfo } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm, useSuccessToast } from '../../../shared/components/index.ts';
import { reportApi } from '../api.ts';
import { CellPanel } from './CellPanel.tsx';
import { DataPanel, type FieldDrag } from './DataPanel.tsx';
import { type CellDrop, DesignerGrid } from './DesignerGrid.tsx';
import { DesignerToolbar } from './DesignerToolbar.tsx';
import { LivePreview, ProblemList, useDraftPreview } from './LivePreview.tsx';
import { bindField } from './sheet-edits.ts';
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
  // A click on a field binds it too: the drag starts only once the pointer has moved a little.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const [dragged, setDragged] = useState<FieldDrag | null>(null);
  const onDragStart = ({ active }: DragStartEvent) => setDragged((active.data.current as FieldDrag) ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const drag = active.data.current as FieldDrag | undefined;
    const drop = over?.data.current as CellDrop | undefined;
    if (drag?.kind !== 'field' || drop?.kind !== 'cell') return;
    designer.editLayout((l) => bindField(l, drop.row, drop.col, drag.dataset, drag.field));
    designer.select({ row: drop.row, col: drop.col });
  };
  const placeOf = (id: string | number | undefined) => {
    const [, row, col] = String(id ?? '').split(':');
    return row === undefined || col === undefined ? '' : `${columnName(Number(col))}${Number(row) + 1}`;
  };
  const nameOf = (id: string | number) => String(id).split(':').at(-1) ?? '';
  // What a screen reader hears while a field is dragged, in the user's language.
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('designer.drag.start', { field: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('designer.drag.over', { field: nameOf(active.id), cell: placeOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('designer.drag.end', { field: nameOf(active.id), cell: placeOf(over.id) }) : t('designer.drag.cancel'),
    onDragCancel: () => t('designer.drag.cancel'),
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
      <DndContext
        sensors={sensors}
        collisionDetection={pointerWithin}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('designer.drag.instructions') } }}
      >
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
            {/* Why the live view (and so the field list) has nothing, on the sheet as well as in its own tab. */}
            {preview.error && tab === 'sheet' ? (
              <Alert type="error" showIcon className="rd-problems" title={preview.error.message} />
            ) : null}
          </main>
          <CellPanel designer={designer} fields={fields} />
        </div>
        <DragOverlay>{dragged ? <span className="rd-drag-chip">{dragged.field}</span> : null}</DragOverlay>
      </DndContext>
    </div>
  );
}
