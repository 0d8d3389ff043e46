import type { FormDefinition, FormField } from '@platform/shared';
import Card from 'antd/es/card';
import Collapse from 'antd/es/collapse';
import Tabs from 'antd/es/tabs';
import { memo, type ReactNode, Suspense, useMemo } from 'react';
import { type EngineContext, EngineCtx, type RenderMode, useEngine } from './context.ts';
import { childrenOf, isShown, kindOf } from './definition.ts';
import { useFormEngineTranslation } from './i18n.ts';
import { displayKinds, kinds } from './kinds.tsx';
import { SubTable } from './SubTable.tsx';
import { type FormStore, useFieldError, useFieldState, useFieldValue } from './store.ts';
import './form-engine.css';

export type { RenderMode };

/** Light grid (24 columns) instead of antd's Row/Col: a form may hold hundreds of cells. */
function Row({ gutter = 0, children }: { gutter?: number; children: ReactNode }) {
  return (
    <div className="fe-row" style={gutter ? { marginInline: -gutter / 2 } : undefined}>
      {children}
    </div>
  );
}

function Col({ span, children }: { span: number; children: ReactNode }) {
  const { gutter } = useEngine();
  return (
    <div className="fe-col" style={{ width: `${(span / 24) * 100}%`, paddingInline: gutter / 2 }}>
      {children}
    </div>
  );
}

export interface FormRendererProps {
  store: FormStore;
  /** 'detail' is the read-only renderer of widgets.md §2. */
  mode?: RenderMode;
  /** A disabled form: every widget disabled (pickers cannot open). */
  disabled?: boolean;
}

export interface FormLayoutProps extends FormRendererProps {
  /** The form's parts: rows, columns and `FormPart`s, as a written-out form lays them out. */
  children: ReactNode;
}

/**
 * A form's frame without its fields: the engine's context (store, mode, label width and position,
 * gutter from the definition) around `children`. `FormRenderer` puts the definition's own fields
 * in it; a form written out as code (issue 40) puts its `FormRow`s and `FormPart`s.
 */
export function FormLayout({ store, mode = 'edit', disabled, children }: FormLayoutProps) {
  const definition: FormDefinition = store.definition;
  const ctx = useMemo<EngineContext>(
    () => ({
      store,
      mode,
      labelWidth: typeof definition.labelWidth === 'number' ? definition.labelWidth : 100,
      labelPosition: typeof definition.labelPosition === 'string' ? definition.labelPosition : 'right',
      disabled: !!disabled || !!definition.disabled,
      gutter: typeof definition.gutter === 'number' ? definition.gutter : 15,
      Renderer: FormRenderer,
    }),
    [store, mode, disabled, definition],
  );
  return (
    <EngineCtx.Provider value={ctx}>
      <div className={`fe-form fe-${mode} fe-label-${ctx.labelPosition}`} data-mode={mode}>
        <Row gutter={ctx.gutter}>{children}</Row>
      </div>
    </EngineCtx.Provider>
  );
}

/** Renders a form definition (protocol.md "Generated forms") from its store, for input or read-only. */
export function FormRenderer(props: FormRendererProps) {
  return (
    <FormLayout {...props}>
      <Fields fields={props.store.definition.fields} />
    </FormLayout>
  );
}

/** A row of a written-out form: columns side by side, with the form's gutter. */
export function FormRow({ children }: { children: ReactNode }) {
  const { gutter } = useEngine();
  return <Row gutter={gutter}>{children}</Row>;
}

/** A column of a written-out form, `span` of 24. */
export const FormCol = Col;

export interface FormPartProps {
  /** A value field or sub-table, by its name (`__vModel__`)... */
  name?: string;
  /** ...or any other field of the definition (text, divider, a table grid), by its `formId`. */
  formId?: number;
  /** The label shown instead of the designer's (a translated one). */
  label?: string;
  /** The width in 24ths instead of the designer's. */
  span?: number;
}

/**
 * One field of the store's definition placed by code: its widget, options, checks, formulas and
 * events stay the engine's, so a written-out form lays the fields out without repeating them.
 */
export function FormPart({ name, formId, label, span }: FormPartProps) {
  const { store } = useEngine();
  const found = useMemo(
    () => findField(store.definition.fields, (f) => (name ? f.__vModel__ === name : f.__config__?.formId === formId)),
    [store, name, formId],
  );
  const field = useMemo(
    () =>
      found && (label !== undefined || span !== undefined)
        ? {
            ...found,
            __config__: {
              ...found.__config__,
              ...(label !== undefined && { label }),
              ...(span !== undefined && { span }),
            },
          }
        : found,
    [found, label, span],
  );
  return field ? <Node field={field} /> : null;
}

function findField(fields: readonly FormField[], match: (field: FormField) => boolean): FormField | undefined {
  for (const field of fields) {
    if (match(field)) return field;
    const inside = findField(childrenOf(field), match);
    if (inside) return inside;
  }
  return undefined;
}

function Fields({ fields }: { fields: readonly FormField[] }) {
  return (
    <>
      {fields.map((field, i) => (
        <Node
          key={field.__vModel__ || field.__config__?.formId?.toString() || `${field.__config__?.jnpfKey}-${i}`}
          field={field}
        />
      ))}
    </>
  );
}

const spanOf = (field: FormField) => (typeof field.__config__.span === 'number' ? field.__config__.span : 24);

const Node = memo(function Node({ field }: { field: FormField }) {
  const ctx = useEngine();
  if (!isShown(field)) return null;
  const kind = kindOf(field);
  const config = field.__config__;
  const label = config.label ?? '';
  switch (kind) {
    case 'row':
      return (
        <Col span={spanOf(field)}>
          <Row gutter={ctx.gutter}>
            <Fields fields={childrenOf(field)} />
          </Row>
        </Col>
      );
    case 'card':
      return (
        <Col span={spanOf(field)}>
          <Card
            className="fe-card"
            size="small"
            title={String(field.header ?? label) || undefined}
            variant={field.shadow === 'never' ? 'borderless' : 'outlined'}
          >
            <Row gutter={ctx.gutter}>
              <Fields fields={childrenOf(field)} />
            </Row>
          </Card>
        </Col>
      );
    case 'tab':
      return (
        <Col span={spanOf(field)}>
          <Tabs
            className="fe-tabs"
            type={field.type === 'card' || field.type === 'border-card' ? 'card' : 'line'}
            defaultActiveKey={String(config.active ?? '0')}
            items={childrenOf(field).map((pane, i) => ({
              key: String(pane.name ?? i),
              label: String(pane.title ?? pane.__config__?.label ?? i + 1),
              forceRender: true,
              children: (
                <Row gutter={ctx.gutter}>
                  <Fields fields={childrenOf(pane)} />
                </Row>
              ),
            }))}
          />
        </Col>
      );
    case 'collapse': {
      const active = config.active;
      return (
        <Col span={spanOf(field)}>
          <Collapse
            className="fe-collapse"
            accordion={!!field.accordion}
            defaultActiveKey={
              Array.isArray(active) ? active.map(String) : active !== undefined ? [String(active)] : undefined
            }
            items={childrenOf(field).map((pane, i) => ({
              key: String(pane.name ?? i),
              label: String(pane.title ?? pane.__config__?.label ?? i + 1),
              forceRender: true,
              children: (
                <Row gutter={ctx.gutter}>
                  <Fields fields={childrenOf(pane)} />
                </Row>
              ),
            }))}
          />
        </Col>
      );
    }
    case 'tableGrid':
      return (
        <Col span={spanOf(field)}>
          <TableGrid field={field} />
        </Col>
      );
    case 'table':
      return (
        <Col span={24}>
          <SubTable field={field} />
        </Col>
      );
    default:
      break;
  }
  const Display = displayKinds[kind];
  if (Display) {
    const showLabel = config.showLabel === true && !!label;
    return (
      <Col span={spanOf(field)}>
        <ItemShell field={field} label={showLabel ? label : ''} labelFor={undefined}>
          <Display field={field} value={undefined} store={ctx.store} />
        </ItemShell>
      </Col>
    );
  }
  if (!field.__vModel__) return null;
  return (
    <Col span={spanOf(field)}>
      <ValueField field={field} />
    </Col>
  );
});

/** A table grid: rows of cells with colspan, rowspan, merged (hidden) cells and a background colour. */
function TableGrid({ field }: { field: FormField }) {
  const border = `${typeof field.borderWidth === 'number' ? field.borderWidth : 1}px ${String(field.borderType ?? 'solid')} ${String(field.borderColor ?? '#E2E0E0')}`;
  return (
    <table className="fe-table-grid" style={{ borderCollapse: 'collapse', width: '100%' }}>
      <tbody>
        {childrenOf(field).map((tr, r) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: grid rows have no id
          <tr key={r}>
            {childrenOf(tr).map((td, c) =>
              td.__config__?.merged ? null : (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: grid cells have no id
                  key={c}
                  colSpan={td.__config__?.colspan ?? 1}
                  rowSpan={td.__config__?.rowspan ?? 1}
                  style={{
                    border,
                    background: td.__config__?.backgroundColor || undefined,
                    padding: 8,
                    verticalAlign: 'top',
                  }}
                >
                  <Row>
                    <Fields fields={childrenOf(td)} />
                  </Row>
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A tip after a label: the text on hover (title) and for screen readers (a plain mark, no tooltip code). */
export function TipMark({ tip }: { tip: string }) {
  return (
    <span className="fe-tip" role="img" aria-label={tip} title={tip}>
      ?
    </span>
  );
}

/** The label, required mark, tip and message around a control. */
export function ItemShell({
  field,
  label,
  labelFor,
  error,
  children,
}: {
  field: FormField;
  label: string;
  labelFor: string | undefined;
  error?: string;
  children: ReactNode;
}) {
  const ctx = useEngine();
  const config = field.__config__;
  const width = typeof config.labelWidth === 'number' && config.labelWidth > 0 ? config.labelWidth : ctx.labelWidth;
  const top = ctx.labelPosition === 'top';
  const required = ctx.mode === 'edit' && !!config.required;
  return (
    <div className={`fe-item${error ? ' fe-item-error' : ''}`} data-field={field.__vModel__}>
      {label ? (
        <label
          className="fe-label"
          htmlFor={labelFor}
          style={top ? undefined : { width, textAlign: ctx.labelPosition === 'left' ? 'left' : 'right' }}
        >
          {required ? <span className="fe-required">*</span> : null}
          {label}
          {config.tipLabel ? <TipMark tip={config.tipLabel} /> : null}
        </label>
      ) : top ? null : (
        <span className="fe-label-gap" style={{ width: field.__vModel__ && config.showLabel !== false ? width : 0 }} />
      )}
      <div className="fe-control">
        {children}
        {error ? (
          <div className="fe-error" role="alert">
            {error}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** One value field: subscribes to its own value, message and state only. */
function ValueField({ field }: { field: FormField }) {
  const ctx = useEngine();
  const { t } = useFormEngineTranslation();
  const name = field.__vModel__ as string;
  const value = useFieldValue(ctx.store, name);
  const error = useFieldError(ctx.store, name);
  const state = useFieldState(ctx.store, name);
  if (state.hidden) return null;
  const kind = kinds[kindOf(field)];
  const config = field.__config__;
  const label = config.showLabel === false ? '' : (config.label ?? '');
  const id = `fe-${name}`;
  let body: ReactNode;
  if (!kind) {
    // Any other type renders as plain text (widgets.md §1).
    body = (
      <span className="fe-unknown" title={t('unknownKind', { kind: config.jnpfKey })}>
        {value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)}
      </span>
    );
  } else if (ctx.mode === 'detail') {
    const View = kind.view;
    body = (
      <div className="fe-view" id={id}>
        {View ? <View field={field} value={value} store={ctx.store} /> : String(value ?? '')}
      </div>
    );
  } else {
    const Edit = kind.edit;
    const disabled = ctx.disabled || !!field.disabled || state.disabled;
    body = (
      <Suspense fallback={<span className="fe-loading" />}>
        <Edit
          field={field}
          value={value}
          onChange={(v) => ctx.store.set(name, v)}
          disabled={disabled}
          store={ctx.store}
          id={id}
        />
      </Suspense>
    );
  }
  return (
    <ItemShell field={field} label={label} labelFor={id} error={typeof error === 'string' ? error : undefined}>
      {body}
    </ItemShell>
  );
}
