import CopyOutlined from '@ant-design/icons/CopyOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import HolderOutlined from '@ant-design/icons/HolderOutlined';
import { useDroppable } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import type { FormDefinition, FormField } from '@platform/shared';
import Button from 'antd/es/button';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormRenderer, FormStore } from '../../../shared/form-engine/index.ts';
import { type DesignNode, dropContainers, type FormSettings } from './state.ts';

export const rootDrop = 'drop:root';
export const dropId = (uid: string) => `drop:${uid}`;

export interface CanvasProps {
  nodes: DesignNode[];
  settings: FormSettings;
  selected: string | null;
  /** The id being dragged over (a node uid or a drop zone), for the insertion mark. */
  over: string | null;
  onSelect: (uid: string) => void;
  onCopy: (uid: string) => void;
  onRemove: (uid: string) => void;
}

/** The kind's palette name, falling back to the key for kinds the palette does not offer. */
export function useKindName() {
  const { t } = useTranslation('visualdev');
  return (key: string) => t(`designer.kinds.${key}`, { defaultValue: key });
}

/** The field as the form engine renders it, alone, in a form with the designer's settings; not interactive. */
const FieldView = memo(function FieldView({ field, settings }: { field: FormField; settings: FormSettings }) {
  const store = useMemo(
    () =>
      new FormStore({
        ...settings,
        fields: [{ ...field, __config__: { ...field.__config__, span: 24 } }],
      } as FormDefinition),
    [field, settings],
  );
  return (
    <div className="vd-field-view" inert>
      <FormRenderer store={store} />
    </div>
  );
});

function List({ nodes, parent, props }: { nodes: DesignNode[]; parent: string | null; props: CanvasProps }) {
  const { t } = useTranslation('visualdev');
  const zone = parent === null ? rootDrop : dropId(parent);
  const { setNodeRef, isOver } = useDroppable({ id: zone });
  return (
    <SortableContext items={nodes.map((node) => node.uid)} strategy={rectSortingStrategy}>
      <div
        ref={setNodeRef}
        className={`vd-list${parent === null ? ' vd-list-root' : ''}${isOver || props.over === zone ? ' vd-list-over' : ''}`}
        data-testid={parent === null ? 'designer-canvas' : undefined}
      >
        {nodes.map((node) => (
          <Item key={node.uid} node={node} props={props} />
        ))}
        {nodes.length === 0 ? (
          <div className="vd-empty">{t(parent === null ? 'designer.emptyForm' : 'designer.emptyContainer')}</div>
        ) : null}
      </div>
    </SortableContext>
  );
}

function Item({ node, props }: { node: DesignNode; props: CanvasProps }) {
  const { t } = useTranslation('visualdev');
  const kindName = useKindName();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useSortable({ id: node.uid });
  const config = node.field.__config__;
  const container = !!node.children && dropContainers.has(config.jnpfKey);
  const span = typeof config.span === 'number' ? config.span : 24;
  const selected = props.selected === node.uid;
  const name = `${config.label || kindName(config.jnpfKey)} (${kindName(config.jnpfKey)})`;
  const className = [
    'vd-item',
    container ? 'vd-container' : '',
    selected ? 'vd-selected' : '',
    isDragging ? 'vd-dragging' : '',
    props.over === node.uid ? 'vd-over' : '',
  ].join(' ');
  const tools = selected ? (
    <span className="vd-tools">
      <Button
        size="small"
        type="text"
        icon={<CopyOutlined />}
        aria-label={t('designer.copy')}
        title={t('designer.copy')}
        onClick={(e) => {
          e.stopPropagation();
          props.onCopy(node.uid);
        }}
      />
      <Button
        size="small"
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('designer.remove')}
        title={t('designer.remove')}
        onClick={(e) => {
          e.stopPropagation();
          props.onRemove(node.uid);
        }}
      />
    </span>
  ) : null;
  // The pointer drags the whole field; the keyboard picks it up by its grip (Space), which is also
  // what Tab reaches and what a screen reader names.
  const grip = (
    <button
      type="button"
      className="vd-grip"
      ref={setActivatorNodeRef}
      {...attributes}
      onKeyDown={listeners?.onKeyDown as React.KeyboardEventHandler<HTMLButtonElement> | undefined}
      aria-label={name}
      aria-pressed={selected}
      data-uid={node.uid}
      onFocus={() => props.onSelect(node.uid)}
    >
      <HolderOutlined />
    </button>
  );
  const outer = {
    ref: setNodeRef,
    className,
    style: { width: `${(span / 24) * 100}%` },
    onPointerDown: listeners?.onPointerDown as React.PointerEventHandler<HTMLDivElement> | undefined,
    onClick: (e: React.MouseEvent) => {
      e.stopPropagation();
      props.onSelect(node.uid);
    },
  };
  if (container) {
    return (
      <div {...outer}>
        <div className="vd-container-head">
          {grip}
          {config.jnpfKey === 'card'
            ? String(node.field.header ?? config.label ?? '') || kindName('card')
            : kindName(config.jnpfKey)}
        </div>
        {tools}
        <List nodes={node.children ?? []} parent={node.uid} props={props} />
      </div>
    );
  }
  return (
    <div {...outer}>
      {grip}
      <div className="vd-handle">
        <FieldView field={node.field} settings={props.settings} />
        {node.field.__vModel__ ? <span className="vd-name">{node.field.__vModel__}</span> : null}
      </div>
      {tools}
    </div>
  );
}

/** The canvas: each field rendered by the form engine, selectable, sortable, rows and cards nesting fields. */
export function Canvas(props: CanvasProps) {
  return <List nodes={props.nodes} parent={null} props={props} />;
}
