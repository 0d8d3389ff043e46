import { type ReactNode, Suspense, useMemo } from 'react';
import { type EngineContext, EngineCtx } from './context.ts';
import { kindOf } from './definition.ts';
import { FormRenderer } from './FormRenderer.tsx';
import { kinds } from './kinds.tsx';
import { type FormStore, useFieldError, useFieldState, useFieldValue } from './store.ts';

export interface FieldControlProps {
  store: FormStore;
  /** The value field's name (`__vModel__`). */
  name: string;
  /** The control's accessible name (a list cell has its column header, not a label). */
  label: string;
  /** Read-only: the field's read-only view instead of its widget. */
  readOnly?: boolean;
  /** The control's id; unique on the page. */
  id: string;
}

/**
 * One value field of a form without its label: the field's widget bound to `store` (or its
 * read-only view) and its message under it, for a list row edited in place (list type 4). The
 * widget is the same the form shows, so options, pickers and checks are the form's own.
 */
export function FieldControl({ store, name, label, readOnly, id }: FieldControlProps) {
  const ctx = useMemo<EngineContext>(
    () => ({
      store,
      mode: readOnly ? 'detail' : 'edit',
      labelWidth: 0,
      labelPosition: 'top',
      disabled: false,
      gutter: 0,
      Renderer: FormRenderer,
    }),
    [store, readOnly],
  );
  return (
    <EngineCtx.Provider value={ctx}>
      <Control store={store} name={name} label={label} readOnly={!!readOnly} id={id} />
    </EngineCtx.Provider>
  );
}

function Control({ store, name, label, readOnly, id }: Required<FieldControlProps>) {
  const value = useFieldValue(store, name);
  const error = useFieldError(store, name);
  const state = useFieldState(store, name);
  const field = store.field(name);
  const kind = field ? kinds[kindOf(field)] : undefined;
  if (!field || !kind || state.hidden) return null;
  const message = typeof error === 'string' ? error : undefined;
  const editable = !readOnly && field.disabled !== true && !state.disabled;
  let body: ReactNode;
  if (!editable) {
    const View = kind.view;
    body = View ? <View field={field} value={value} store={store} /> : <span>{String(value ?? '')}</span>;
  } else {
    const Edit = kind.edit;
    body = (
      <Suspense fallback={<span className="fe-loading" />}>
        <Edit field={field} value={value} onChange={(v) => store.set(name, v)} disabled={false} store={store} id={id} />
      </Suspense>
    );
  }
  return (
    <div className={`fe-inline${message ? ' fe-item-error' : ''}`} data-field={name}>
      {/* The column header names the cell for the eye; the label names the control for a reader. */}
      {editable ? (
        <label className="fe-inline-label" htmlFor={id}>
          {label}
        </label>
      ) : null}
      {body}
      {message ? (
        <div className="fe-error" role="alert">
          {message}
        </div>
      ) : null}
    </div>
  );
}
