import CopyOutlined from '@ant-design/icons/CopyOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import HolderOutlined from '@ant-design/icons/HolderOutlined';
import { useDroppable } from '@dnd-kit/core';
import { horizontalListSortingStrategy, rectSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { type FormDefinition, type FormField, kindOf } from '@platform/shared';
import Button from 'antd/es/button';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormRenderer, FormStore } from '../../../shared/form-engine/index.ts';
import type { DesignNode, FormSettings } from './state.ts';

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

function List({
  nodes,
  parent,
  props,
  label,
  horizontal,
}: {
  nodes: DesignNode[];
  parent: string | null;
  props: CanvasProps;
  /** What the list is (a pane's title, a cell's place) for the keyboard drag's announcements. */
  label?: string;
  horizontal?: boolean;
}) {
  const { t } = useTranslation('visualdev');
  const zone = parent === null ? rootDrop : dropId(parent);
  // An empty list is a keyboard drag's target too: there is no field in it to take the place of.
  const { setNodeRef, isOver } = useDroppable({ id: zone, data: { empty: nodes.length === 0, label } });
  return (
    <SortableContext
      items={nodes.map((node) => node.uid)}
      strategy={horizontal ? horizontalListSortingStrategy : rectSortingStrategy}
    >
      <div
        ref={setNodeRef}
        className={`vd-list${parent === null ? ' vd-list-root' : ''}${horizontal ? ' vd-list-row' : ''}${isOver || props.over === zone ? ' vd-list-over' : ''}`}
        data-drop={parent ?? 'root'}
        data-label={label}
        data-testid={parent === null ? 'designer-canvas' : undefined}
      >
        {nodes.map((node) => (
          <Item key={node.uid} node={node} props={props} column={horizontal} />
        ))}
        {nodes.length === 0 ? (
          <div className="vd-empty">{t(parent === null ? 'designer.emptyForm' : 'designer.emptyContainer')}</div>
        ) : null}
      </div>
    </SortableContext>
  );
}

/** `column`: a sub-table column, as wide as the columns beside it whatever its form width. */
function Item({ node, props, column }: { node: DesignNode; props: CanvasProps; column?: boolean | undefined }) {
  const { t } = useTranslation('visualdev');
  const kindName = useKindName();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useSortable({ id: node.uid });
  const config = node.field.__config__;
  const container = !!node.children;
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
    style: column ? undefined : { width: `${(span / 24) * 100}%` },
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
          {kindOf(node.field) === 'card'
            ? String(node.field.header ?? config.label ?? '') || kindName('card')
            : kindOf(node.field) === 'table'
              ? `${config.label || kindName('table')} (${node.field.__vModel__ ?? ''})`
              : kindName(config.jnpfKey)}
        </div>
        {tools}
        <ContainerBody node={node} props={props} />
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

/** What a container holds: one list (row, card, sub-table columns), a list per pane or panel, or a grid of cell lists. */
function ContainerBody({ node, props }: { node: DesignNode; props: CanvasProps }) {
  const { t } = useTranslation('visualdev');
  const kind = kindOf(node.field);
  const children = node.children ?? [];
  if (kind === 'tab' || kind === 'collapse')
    return (
      <div className={kind === 'tab' ? 'vd-panes-tab' : 'vd-panes-collapse'}>
        {children.map((pane, i) => {
          const title = String(pane.field.title ?? pane.field.__config__.label ?? i + 1);
          return (
            <section key={pane.uid} className="vd-pane">
              <div className="vd-pane-title">{title}</div>
              <List nodes={pane.children ?? []} parent={pane.uid} props={props} label={title} />
            </section>
          );
        })}
      </div>
    );
  if (kind === 'tableGrid')
    return (
      <table className="vd-grid">
        <tbody>
          {children.map((row, r) => (
            <tr key={row.uid}>
              {(row.children ?? []).map((cell, c) =>
                cell.field.__config__.merged ? null : (
                  <td
                    key={cell.uid}
                    colSpan={cell.field.__config__.colspan ?? 1}
                    rowSpan={cell.field.__config__.rowspan ?? 1}
                  >
                    <List
                      nodes={cell.children ?? []}
                      parent={cell.uid}
                      props={props}
                      label={t('designer.cell', { row: r + 1, col: c + 1 })}
                    />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    );
  return <List nodes={children} parent={node.uid} props={props} horizontal={kind === 'table'} />;
}

/** The canvas: each field rendered by the form engine, selectable, sortable, rows and cards nesting fields. */
export function Canvas(props: CanvasProps) {
  return <List nodes={props.nodes} parent={null} props={props} />;
}
