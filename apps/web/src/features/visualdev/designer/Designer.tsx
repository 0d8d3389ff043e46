import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { VisualDevInfo } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { designApi } from '../api.ts';
import { Canvas, useKindName } from './Canvas.tsx';
import { paletteId } from './canvas-input.ts';
import { ListDesigner } from './ListDesigner.tsx';
import { PropertyPanel } from './PropertyPanel.tsx';
import { PublishDialog } from './PublishDialog.tsx';
import { palette, paletteItem } from './palette.ts';
import { useWorkbench, type Workbench as WorkbenchState } from './useWorkbench.ts';
import { JsonDialog, PreviewDialog, WorkbenchToolbar } from './WorkbenchSections.tsx';
import './designer.css';

/**
 * What the pointer is over, the innermost first: a field, else the smallest drop zone (a row's or
 * card's body before the canvas). Keyboard dragging has no pointer and takes the closest centre.
 */
const collision: CollisionDetection = (args) => {
  if (!args.pointerCoordinates) {
    // The keyboard moves a field from one field's place to another's, or into an empty list.
    const fields = args.droppableContainers.filter(
      (container) => !String(container.id).startsWith('drop:') || container.data.current?.empty === true,
    );
    return closestCenter({ ...args, droppableContainers: fields.length ? fields : args.droppableContainers });
  }
  const hits = pointerWithin(args);
  if (!hits.length) return closestCenter(args);
  const area = (id: string | number) => {
    const rect = args.droppableRects.get(id);
    return rect ? rect.width * rect.height : Number.POSITIVE_INFINITY;
  };
  return [...hits].sort((a, b) => area(a.id) - area(b.id)).slice(0, 1);
};

function PaletteEntry({ itemKey, onAdd }: { itemKey: string; onAdd: (key: string) => void }) {
  const kindName = useKindName();
  const { t } = useTranslation('visualdev');
  const { attributes, listeners, setNodeRef } = useDraggable({ id: paletteId(itemKey) });
  const name = kindName(itemKey);
  const Icon = paletteItem(itemKey)?.icon;
  return (
    <button
      type="button"
      ref={setNodeRef}
      className="vd-palette-item"
      {...attributes}
      {...listeners}
      aria-label={t('designer.addKind', { kind: name })}
      onClick={() => onAdd(itemKey)}
    >
      {Icon ? (
        <span className="vd-palette-icon" aria-hidden="true">
          <Icon />
        </span>
      ) : null}
      {name}
    </button>
  );
}

export interface DesignerProps {
  definitionId: string;
  onClose: () => void;
}

export default function Designer({ definitionId, onClose }: DesignerProps) {
  const info = useQuery({
    queryKey: ['visualdev', 'design', definitionId],
    queryFn: () => designApi.info(definitionId),
    gcTime: 0,
  });
  if (!info.data) return <Spin className="shell-page-loading" />;
  return <Workbench info={info.data} onClose={onClose} />;
}

/** The form tab: the palette, the canvas and the selected field's properties, with dragging between them. */
function FormPane({ bench }: { bench: WorkbenchState }) {
  const { t } = useTranslation('visualdev');
  const { state, dispatch, selected, drag } = bench;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={drag.onDragStart}
      onDragOver={drag.onDragOver}
      onDragEnd={drag.onDragEnd}
      onDragCancel={drag.onDragCancel}
    >
      <div className="vd-panes">
        <nav className="vd-palette" aria-label={t('designer.palette')}>
          {palette.map((group) => (
            <section key={group.key} aria-labelledby={`vd-group-${group.key}`}>
              <h3 id={`vd-group-${group.key}`}>{t(`designer.groups.${group.key}`)}</h3>
              <div className="vd-palette-grid">
                {group.items.map((item) => (
                  <PaletteEntry key={item.key} itemKey={item.key} onAdd={bench.addByClick} />
                ))}
              </div>
            </section>
          ))}
        </nav>
        <main className="vd-canvas" aria-label={t('designer.canvas')}>
          <p className="vd-hint">{t('designer.keyboardHint')}</p>
          <Canvas
            nodes={state.nodes}
            settings={state.settings}
            selected={state.selected}
            over={drag.over}
            onSelect={(uid) => dispatch({ type: 'select', uid })}
            onCopy={(uid) => dispatch({ type: 'copy', uid })}
            onRemove={(uid) => dispatch({ type: 'remove', uid })}
          />
        </main>
        <aside className="vd-panel" aria-label={t('designer.properties')}>
          <PropertyPanel
            node={selected}
            operands={bench.operands}
            paramFields={bench.paramFields}
            settings={state.settings}
            onField={(field, merge) => selected && dispatch({ type: 'update', uid: selected.uid, field, merge })}
            onSettings={(settings, merge) => dispatch({ type: 'settings', settings, merge })}
            onPart={(uid, field, merge) => dispatch({ type: 'update', uid, field, merge })}
            onResize={(rows, cols, drop) =>
              selected &&
              dispatch({
                type: 'resize',
                uid: selected.uid,
                rows,
                ...(cols ? { cols } : {}),
                ...(drop !== undefined ? { drop } : {}),
              })
            }
          />
        </aside>
      </div>
      <DragOverlay dropAnimation={null}>
        {drag.dragging ? <div className="vd-drag-chip">{bench.draggingName}</div> : null}
      </DragOverlay>
    </DndContext>
  );
}

export function Workbench({ info, onClose }: { info: VisualDevInfo; onClose: () => void }) {
  const { t } = useTranslation('visualdev');
  const bench = useWorkbench(info);
  // The form-only kind (webType 1) has no list to design.
  const hasList = info.webType !== 1;
  const title = t('designer.title', { name: info.fullName });
  return (
    <div className="vd-designer" onKeyDown={bench.onKeyDown} role="application" aria-label={title}>
      <WorkbenchToolbar bench={bench} title={title} onClose={onClose} />
      <Tabs
        className="vd-mode-tabs"
        items={[
          { key: 'form', label: t('designer.formTab'), children: <FormPane bench={bench} /> },
          ...(hasList
            ? [
                {
                  key: 'list',
                  label: t('designer.listTab'),
                  children: <ListDesigner form={bench.definition} list={bench.list} onChange={bench.setList} />,
                },
              ]
            : []),
        ]}
      />
      <PublishDialog
        open={bench.publishing}
        fullName={info.fullName}
        enCode={info.enCode}
        onCancel={() => bench.setPublishing(false)}
        onPublish={bench.publish}
      />
      <JsonDialog bench={bench} />
      <PreviewDialog bench={bench} />
    </div>
  );
}
