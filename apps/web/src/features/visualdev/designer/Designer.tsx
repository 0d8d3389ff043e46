import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type {
  ColumnDefinition,
  FormDefinition,
  FormField,
  VisualDevInfo,
  VisualDevInput,
  VisualDevMenuInput,
} from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeEditor, useJsonSyntaxMessage } from '../../../shared/components/code-editor/CodeEditor.tsx';
import { FormRenderer, FormStore } from '../../../shared/form-engine/index.ts';
import { useToast } from '../../../shared/toast.tsx';
import { PreviewPrintButton } from '../../printDev/index.ts';
import { designApi } from '../api.ts';
import { Canvas, rootDrop, useKindName } from './Canvas.tsx';
import { ListDesigner } from './ListDesigner.tsx';
import { candidatesOf, listOf, syncList } from './list-state.ts';
import { PropertyPanel } from './PropertyPanel.tsx';
import { PublishDialog } from './PublishDialog.tsx';
import { palette, paletteItem } from './palette.ts';
import {
  accepts,
  canvasOrder,
  type DesignerState,
  definitionProblem,
  designerReducer,
  findNode,
  fromDefinition,
  innerList,
  locate,
  operandsOf,
  paramFieldsOf,
  toDefinition,
} from './state.ts';
import './designer.css';

const paletteId = (key: string) => `palette:${key}`;

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
      {name}
    </button>
  );
}

export interface DesignerProps {
  definitionId: string;
  onClose: () => void;
}

/** Parses a stored formData text: an empty draft is an empty form. */
function definitionOf(info: VisualDevInfo): FormDefinition {
  if (!info.formData)
    return {
      formRef: 'formRef',
      formModel: 'dataForm',
      size: 'small',
      labelPosition: 'right',
      labelWidth: 100,
      gutter: 15,
      popupType: 'general',
      fields: [],
    };
  try {
    const parsed = JSON.parse(info.formData) as FormDefinition;
    return Array.isArray(parsed.fields) ? parsed : { ...parsed, fields: [] };
  } catch {
    return { fields: [] };
  }
}

/** The definition's draft fields on the wire, with the new formData and columnData. */
function inputOf(info: VisualDevInfo, formData: string, columnData: string): VisualDevInput {
  return {
    fullName: info.fullName,
    enCode: info.enCode,
    category: info.category || null,
    type: (info.type === 3 || info.type === 4 ? info.type : 1) as VisualDevInput['type'],
    webType: (info.webType === 1 || info.webType === 4 ? info.webType : 2) as VisualDevInput['webType'],
    enableFlow: info.enableFlow === 1 ? 1 : 0,
    dbLinkId: info.dbLinkId || null,
    sortCode: info.sortCode,
    description: info.description || null,
    tables: info.tables || null,
    formData,
    columnData,
    appColumnData: info.appColumnData || null,
    interfaceId: info.interfaceId || null,
    interfaceName: info.interfaceName || null,
    interfaceParam: info.interfaceParam || null,
  };
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

export function Workbench({ info, onClose }: { info: VisualDevInfo; onClose: () => void }) {
  const { t } = useTranslation('visualdev');
  const toast = useToast();
  const kindName = useKindName();
  const [state, dispatch] = useReducer(
    designerReducer,
    info,
    (loaded): DesignerState => fromDefinition(definitionOf(loaded)),
  );
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [jsonOpen, setJsonOpen] = useState(false);
  const [jsonText, setJsonText] = useState('');
  const [jsonProblem, setJsonProblem] = useState<string | null>(null);
  const jsonSyntax = useJsonSyntaxMessage();
  const [preview, setPreview] = useState<FormStore | null>(null);
  const [busy, setBusy] = useState(false);
  const [list, setList] = useState<ColumnDefinition>(() =>
    listOf(info.columnData, (value) => t(`designer.list.buttons.${value}`)),
  );
  const [publishing, setPublishing] = useState(false);
  // The form-only kind (webType 1) has no list to design.
  const hasList = info.webType !== 1;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const selected = state.selected ? findNode(state.nodes, state.selected) : undefined;
  // After a keyboard delete the focus follows the selection, so the next key still reaches the canvas.
  const focusSelection = useRef(false);
  useEffect(() => {
    if (!focusSelection.current) return;
    focusSelection.current = false;
    if (state.selected) (document.querySelector(`[data-uid="${state.selected}"]`) as HTMLElement | null)?.focus();
  }, [state.selected]);
  // The designer covers the window: the page under it must not scroll with the wheel.
  useEffect(() => {
    const before = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = before;
    };
  }, []);
  // Undo and redo also when nothing has the focus (a removed field had it).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target !== document.body || !(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === 'z') dispatch({ type: event.shiftKey ? 'redo' : 'undo' });
      else if (key === 'y') dispatch({ type: 'redo' });
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const templateOf = (key: string): FormField | undefined => paletteItem(key)?.field(kindName(key));

  /** Adds after the selected field (inside a selected row or card), else at the end: the palette's click and Enter. */
  const addByClick = (key: string) => {
    const field = templateOf(key);
    if (!field) return;
    const at = state.selected ? locate(state.nodes, state.selected) : undefined;
    const node = state.selected ? findNode(state.nodes, state.selected) : undefined;
    const inner = node ? innerList(node) : undefined;
    if (inner && accepts(state.nodes, inner.uid, field)) {
      dispatch({ type: 'add', field, parent: inner.uid, index: inner.children?.length ?? 0 });
    } else if (at && accepts(state.nodes, at.parent, field)) {
      dispatch({ type: 'add', field, parent: at.parent, index: at.index + 1 });
    } else {
      dispatch({ type: 'add', field, parent: null, index: state.nodes.length });
    }
  };

  const onDragStart = (event: DragStartEvent) => setDragging(String(event.active.id));
  const onDragOver = (event: DragOverEvent) => setOver(event.over ? String(event.over.id) : null);
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    setOver(null);
    const { active, over: target } = event;
    if (!target) return;
    const activeId = String(active.id);
    const overId = String(target.id);
    let parent: string | null;
    let index: number;
    // A keyboard drag lands exactly on another field's place: it takes that place (as arrayMove does).
    const keyboard = event.activatorEvent instanceof KeyboardEvent;
    if (overId.startsWith('drop:')) {
      parent = overId === rootDrop ? null : overId.slice('drop:'.length);
      const list = parent === null ? state.nodes : (findNode(state.nodes, parent)?.children ?? []);
      index = list.length;
    } else {
      const at = locate(state.nodes, overId);
      if (!at) return;
      parent = at.parent;
      // Below the middle of the field it is over (right of it among sub-table columns): after it.
      const box = active.rect.current.translated;
      const across = parent !== null && findNode(state.nodes, parent)?.field.__config__.jnpfKey === 'table';
      const after =
        !keyboard && box
          ? across
            ? box.left + box.width / 2 > target.rect.left + target.rect.width / 2
            : box.top + box.height / 2 > target.rect.top + target.rect.height / 2
          : false;
      index = at.index + (after ? 1 : 0);
    }
    if (activeId.startsWith('palette:')) {
      const field = templateOf(activeId.slice('palette:'.length));
      if (field) dispatch({ type: 'add', field, parent, index });
      return;
    }
    const from = locate(state.nodes, activeId);
    if (from && from.parent === parent && from.index < index && !keyboard) index -= 1;
    dispatch({ type: 'move', uid: activeId, parent, index });
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (dragging) return;
    const target = event.target as HTMLElement;
    const typing = target.closest('input, textarea, [contenteditable="true"], .ant-select');
    const mod = event.ctrlKey || event.metaKey;
    if (mod && !typing && (event.key === 'z' || event.key === 'Z')) {
      event.preventDefault();
      dispatch({ type: event.shiftKey ? 'redo' : 'undo' });
    } else if (mod && !typing && (event.key === 'y' || event.key === 'Y')) {
      event.preventDefault();
      dispatch({ type: 'redo' });
    } else if (typing || !target.closest('.vd-canvas')) {
      return;
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const order = canvasOrder(state.nodes);
      const at = order.findIndex((node) => node.uid === state.selected);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next =
        order[at < 0 ? (step > 0 ? 0 : order.length - 1) : Math.max(0, Math.min(order.length - 1, at + step))];
      dispatch({ type: 'selectStep', step });
      if (next) (document.querySelector(`[data-uid="${next.uid}"]`) as HTMLElement | null)?.focus();
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && state.selected) {
      event.preventDefault();
      focusSelection.current = true;
      dispatch({ type: 'remove', uid: state.selected });
    }
  };

  const definition = useMemo(() => toDefinition(state), [state]);
  const operands = useMemo(() => (selected ? operandsOf(state.nodes, selected.uid) : []), [state.nodes, selected]);
  const paramFields = useMemo(
    () => (selected ? paramFieldsOf(state.nodes, selected.uid) : []),
    [state.nodes, selected],
  );

  const saveDraft = () =>
    designApi.update(
      info.id,
      inputOf(info, JSON.stringify(definition), JSON.stringify(syncList(list, candidatesOf(definition)))),
    );
  const publish = async (input: VisualDevMenuInput) => {
    await saveDraft();
    const answer = await designApi.releaseMenu(info.id, input);
    toast.success(answer.msg || t('designer.released'));
    setPublishing(false);
  };

  const save = async (release: boolean) => {
    setBusy(true);
    try {
      const answer = await saveDraft();
      if (release) toast.success((await designApi.release(info.id)).msg || t('designer.released'));
      else toast.success(answer.msg || t('designer.saved'));
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const openJson = () => {
    setJsonText(JSON.stringify(definition, null, 2));
    setJsonProblem(null);
    setJsonOpen(true);
  };
  const applyJson = async () => {
    // The engine's own parse message is English whatever the language: say it as the editors do.
    const syntax = await jsonSyntax(jsonText);
    if (syntax) {
      setJsonProblem(syntax);
      return;
    }
    const value: unknown = JSON.parse(jsonText);
    const problem = definitionProblem(value);
    if (problem) {
      setJsonProblem(t(`designer.${problem.key}`, problem.values ?? {}));
      return;
    }
    dispatch({ type: 'load', definition: value as FormDefinition });
    setJsonOpen(false);
  };

  const draggingName = dragging
    ? dragging.startsWith('palette:')
      ? kindName(dragging.slice('palette:'.length))
      : String(findNode(state.nodes, dragging)?.field.__config__.label ?? '')
    : '';

  return (
    <div
      className="vd-designer"
      onKeyDown={onKeyDown}
      role="application"
      aria-label={t('designer.title', { name: info.fullName })}
    >
      <div className="vd-toolbar">
        <h2 className="vd-title">{t('designer.title', { name: info.fullName })}</h2>
        <Space wrap>
          <Button onClick={() => dispatch({ type: 'undo' })} disabled={!state.past.length}>
            {t('designer.undo')}
          </Button>
          <Button onClick={() => dispatch({ type: 'redo' })} disabled={!state.future.length}>
            {t('designer.redo')}
          </Button>
          <Button onClick={openJson}>{t('designer.json.title')}</Button>
          <Button onClick={() => setPreview(new FormStore(definition))}>{t('designer.preview')}</Button>
          <Button type="primary" loading={busy} onClick={() => save(false)}>
            {t('designer.save')}
          </Button>
          <Button loading={busy} onClick={() => save(true)}>
            {t('designer.saveRelease')}
          </Button>
          <Button onClick={() => setPublishing(true)}>{t('designer.publish.open')}</Button>
          <Button onClick={onClose}>{t('designer.close')}</Button>
        </Space>
      </div>
      <Tabs
        className="vd-mode-tabs"
        items={[
          {
            key: 'form',
            label: t('designer.formTab'),
            children: (
              <DndContext
                sensors={sensors}
                collisionDetection={collision}
                onDragStart={onDragStart}
                onDragOver={onDragOver}
                onDragEnd={onDragEnd}
                onDragCancel={() => {
                  setDragging(null);
                  setOver(null);
                }}
              >
                <div className="vd-panes">
                  <nav className="vd-palette" aria-label={t('designer.palette')}>
                    {palette.map((group) => (
                      <section key={group.key} aria-labelledby={`vd-group-${group.key}`}>
                        <h3 id={`vd-group-${group.key}`}>{t(`designer.groups.${group.key}`)}</h3>
                        <div className="vd-palette-grid">
                          {group.items.map((item) => (
                            <PaletteEntry key={item.key} itemKey={item.key} onAdd={addByClick} />
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
                      over={over}
                      onSelect={(uid) => dispatch({ type: 'select', uid })}
                      onCopy={(uid) => dispatch({ type: 'copy', uid })}
                      onRemove={(uid) => dispatch({ type: 'remove', uid })}
                    />
                  </main>
                  <aside className="vd-panel" aria-label={t('designer.properties')}>
                    <PropertyPanel
                      node={selected}
                      operands={operands}
                      paramFields={paramFields}
                      settings={state.settings}
                      onField={(field, merge) =>
                        selected && dispatch({ type: 'update', uid: selected.uid, field, merge })
                      }
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
                  {dragging ? <div className="vd-drag-chip">{draggingName}</div> : null}
                </DragOverlay>
              </DndContext>
            ),
          },
          ...(hasList
            ? [
                {
                  key: 'list',
                  label: t('designer.listTab'),
                  children: <ListDesigner form={definition} list={list} onChange={setList} />,
                },
              ]
            : []),
        ]}
      />
      <PublishDialog
        open={publishing}
        fullName={info.fullName}
        enCode={info.enCode}
        onCancel={() => setPublishing(false)}
        onPublish={publish}
      />
      <Modal
        open={jsonOpen}
        title={t('designer.json.title')}
        width={800}
        onCancel={() => setJsonOpen(false)}
        onOk={applyJson}
        okText={t('designer.json.apply')}
        cancelText={t('cancel')}
        destroyOnHidden
      >
        <CodeEditor
          language="json"
          ariaLabel={t('designer.json.title')}
          value={jsonText}
          onChange={setJsonText}
          rows={20}
        />
        {jsonProblem ? <Alert type="error" showIcon title={jsonProblem} style={{ marginTop: 8 }} /> : null}
      </Modal>
      <Modal
        open={!!preview}
        title={t('designer.preview')}
        width={900}
        onCancel={() => setPreview(null)}
        footer={<PreviewPrintButton form={definition} />}
        destroyOnHidden
      >
        {preview ? (
          <div data-testid="designer-preview">
            <FormRenderer store={preview} />
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
