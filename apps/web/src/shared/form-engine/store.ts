import {
  type CalcExpressionItem,
  type CalcToken,
  calculateField,
  expressionItemsToTokens,
  type FormDefinition,
  type FormField,
  type FormFieldEvent,
  type FormValues,
  isEmptyRow,
  tokenizeExpression,
} from '@platform/shared';
import { useCallback, useSyncExternalStore } from 'react';
import { childrenOf, initialValues, isShown, kindOf, valueFields } from './definition.ts';
import { type RowError, validateField, validateRows } from './validate.ts';

type Listener = () => void;

/** A calculate field with the names its expression reads. */
interface CalcNode {
  name: string;
  field: FormField;
  /** Names read: a field, or for `table.column` the table. */
  deps: string[];
}

/** What events (as data) change about a field besides its value. */
export interface FieldState {
  hidden: boolean;
  disabled: boolean;
}

const noState: FieldState = { hidden: false, disabled: false };

function expressionOf(field: FormField): string | CalcExpressionItem[] {
  const e = field.expression;
  if (typeof e === 'string' || Array.isArray(e)) return e as string | CalcExpressionItem[];
  return [];
}

function tokensOf(field: FormField): CalcToken[] {
  const e = expressionOf(field);
  try {
    return typeof e === 'string' ? tokenizeExpression(e) : expressionItemsToTokens(e);
  } catch {
    return [];
  }
}

function depsOf(field: FormField): string[] {
  const names = new Set<string>();
  for (const t of tokensOf(field)) {
    if (t.type !== 'field') continue;
    names.add(t.name);
    const dot = t.name.indexOf('.');
    if (dot > 0) names.add(t.name.slice(0, dot));
  }
  return [...names];
}

/** Orders calculate nodes so that each comes after the calculate fields it reads; a cycle is broken where found. */
function topoOrder(nodes: CalcNode[]): CalcNode[] {
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const out: CalcNode[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (node: CalcNode) => {
    if (state.get(node.name)) return;
    state.set(node.name, 'visiting');
    for (const dep of node.deps) {
      const inner = byName.get(dep);
      if (inner && state.get(dep) !== 'visiting') visit(inner);
    }
    state.set(node.name, 'done');
    out.push(node);
  };
  for (const node of nodes) visit(node);
  return out;
}

function toNumberExpressionValues(values: FormValues, row?: FormValues, table?: string): FormValues {
  if (!row) return values;
  const merged: FormValues = { ...values, ...row };
  if (table) for (const [k, v] of Object.entries(row)) merged[`${table}.${k}`] = v;
  return merged;
}

/**
 * The form's state: values, messages and event-driven field states, each readable and subscribable
 * per key, so typing in one field re-renders that field (and the calculate fields that read it),
 * never the whole form. Calculate fields are re-evaluated synchronously in dependency order: a
 * chain of N dependent fields is evaluated once each per change.
 */
export class FormStore {
  readonly definition: FormDefinition;
  private values: FormValues;
  private errors = new Map<string, string | RowError[]>();
  private states = new Map<string, FieldState>();
  private listeners = new Map<string, Set<Listener>>();
  private calcs: CalcNode[] = [];
  private calcIndex = new Map<string, number>();
  private dependents = new Map<string, string[]>();
  private rowCalcs = new Map<string, CalcNode[]>();
  private fields = new Map<string, FormField>();
  /** How many times each calculate field was evaluated (the order test reads it). */
  readonly calcRuns = new Map<string, number>();
  /** Set after the first submit: changes re-validate the field. */
  private submitted = false;
  /** Record context for the dynamic QR code and the auto-filled kinds. */
  context: Record<string, unknown> = {};
  /** Nothing stored yet (a new record, a flow not launched): the auto-filled kinds show what the save fills in. */
  isNew: boolean;

  constructor(definition: FormDefinition, stored: FormValues = {}) {
    this.definition = definition;
    this.values = initialValues(definition, stored);
    this.isNew = Object.keys(stored).length === 0;
    const nodes: CalcNode[] = [];
    for (const field of valueFields(definition.fields)) {
      const name = field.__vModel__ as string;
      this.fields.set(name, field);
      if (kindOf(field) === 'calculate') nodes.push({ name, field, deps: depsOf(field) });
      if (kindOf(field) === 'table') {
        const rowNodes = childrenOf(field)
          .filter((c) => kindOf(c) === 'calculate' && c.__vModel__)
          .map((c) => ({
            name: c.__vModel__ as string,
            field: c,
            deps: depsOf(c).map((d) => (d.startsWith(`${name}.`) ? d.slice(name.length + 1) : d)),
          }));
        if (rowNodes.length) this.rowCalcs.set(name, topoOrder(rowNodes));
      }
    }
    this.calcs = topoOrder(nodes);
    this.calcs.forEach((node, i) => {
      this.calcIndex.set(node.name, i);
      for (const dep of node.deps) {
        const list = this.dependents.get(dep) ?? [];
        list.push(node.name);
        this.dependents.set(dep, list);
      }
    });
    // Start with every calculate field evaluated over the initial values (rows too).
    for (const [table, rowNodes] of this.rowCalcs) {
      const rows = this.values[table];
      if (Array.isArray(rows))
        this.values[table] = rows.map((row: FormValues) => this.evaluateRow(table, rowNodes, row));
    }
    for (const node of this.calcs) this.evaluate(node);
    this.calcRuns.clear();
  }

  field(name: string): FormField | undefined {
    return this.fields.get(name);
  }

  get(name: string): unknown {
    return this.values[name];
  }

  /**
   * A copy of the values to save: a calculate field with isStorage 0 is shown, not stored (the
   * detail computes it again from the stored inputs).
   */
  getValues(): FormValues {
    const out = { ...this.values };
    for (const node of this.calcs)
      if (node.field.isStorage === 0 || node.field.isStorage === false) delete out[node.name];
    // Sub-table rows left empty are not sent (the server drops them too).
    for (const [name, field] of this.fields) {
      const rows = out[name];
      if (kindOf(field) !== 'table' || !Array.isArray(rows)) continue;
      const columns = childrenOf(field).filter((c) => c.__vModel__);
      out[name] = rows.filter((row) => !isEmptyRow((row ?? {}) as Record<string, unknown>, columns));
    }
    return out;
  }

  error(key: string): string | RowError[] | undefined {
    return this.errors.get(key);
  }

  state(name: string): FieldState {
    return this.states.get(name) ?? noState;
  }

  subscribe(key: string, listener: Listener): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  private notify(keys: Iterable<string>) {
    for (const key of keys) for (const listener of this.listeners.get(key) ?? []) listener();
  }

  private evaluate(node: CalcNode, row?: FormValues, table?: string): number {
    this.calcRuns.set(node.name, (this.calcRuns.get(node.name) ?? 0) + 1);
    const f = node.field;
    const result = calculateField(
      {
        expression: expressionOf(f),
        precision: typeof f.precision === 'number' ? f.precision : 0,
        thousands: !!f.thousands,
        isAmountChinese: !!f.isAmountChinese,
      },
      toNumberExpressionValues(this.values, row, table),
    );
    if (!row) this.values[node.name] = result.value;
    return result.value;
  }

  private evaluateRow(table: string, nodes: CalcNode[], row: FormValues): FormValues {
    const next = { ...row };
    for (const node of nodes) next[node.name] = this.evaluate(node, next, table);
    return next;
  }

  /** Sets a value; the calculate fields reading it (directly or through others) follow, each once. */
  set(name: string, value: unknown): void {
    if (Object.is(this.values[name], value)) return;
    const rowNodes = this.rowCalcs.get(name);
    this.values[name] =
      rowNodes && Array.isArray(value) ? value.map((row: FormValues) => this.evaluateRow(name, rowNodes, row)) : value;
    const changed = new Set<string>([name]);
    // The calculate fields reachable from `name`, evaluated in the global dependency order.
    const affected = new Set<number>();
    const queue = [name];
    while (queue.length) {
      const current = queue.pop() as string;
      for (const dependent of this.dependents.get(current) ?? []) {
        const index = this.calcIndex.get(dependent) as number;
        if (!affected.has(index)) {
          affected.add(index);
          queue.push(dependent);
        }
      }
    }
    for (const index of [...affected].sort((a, b) => a - b)) {
      const node = this.calcs[index] as CalcNode;
      const before = this.values[node.name];
      this.evaluate(node);
      if (!Object.is(before, this.values[node.name])) changed.add(node.name);
    }
    if (this.submitted) for (const key of changed) this.revalidate(key, changed);
    this.runEvents(name, value, changed);
    this.notify(changed);
  }

  /** Sets one cell of a sub-table row; the row's calculate cells and the form's follow. */
  setCell(table: string, rowIndex: number, column: string, value: unknown): void {
    const rows = Array.isArray(this.values[table]) ? [...(this.values[table] as FormValues[])] : [];
    rows[rowIndex] = { ...(rows[rowIndex] ?? {}), [column]: value };
    this.set(table, rows);
  }

  private revalidate(key: string, changed: Set<string>) {
    const field = this.fields.get(key);
    if (!field) return;
    const had = this.errors.get(key);
    const next = kindOf(field) === 'table' ? this.tableErrors(field) : validateField(field, this.values[key]);
    if (next === null || (Array.isArray(next) && next.length === 0)) this.errors.delete(key);
    else this.errors.set(key, next);
    if (had !== undefined || next) changed.add(`error:${key}`);
  }

  private tableErrors(field: FormField): RowError[] | string | null {
    const name = field.__vModel__ as string;
    const rows = this.values[name];
    if (field.__config__.required && (!Array.isArray(rows) || rows.length === 0))
      return validateField(field, rows) ?? null;
    const visibleColumns = {
      ...field,
      __config__: { ...field.__config__, children: childrenOf(field).filter(isShown) },
    };
    return validateRows(visibleColumns, rows);
  }

  /** Validates every shown, enabled field; true when all pass. */
  validate(): boolean {
    this.submitted = true;
    const changed = new Set<string>();
    for (const [name, field] of this.fields) {
      if (!this.isChecked(field)) {
        if (this.errors.delete(name)) changed.add(`error:${name}`);
        continue;
      }
      this.revalidate(name, changed);
    }
    this.notify(changed);
    return this.errors.size === 0;
  }

  /** Fields validated on submit: shown, not hidden by an event, not auto-filled or read-only display. */
  private isChecked(field: FormField): boolean {
    const name = field.__vModel__ as string;
    return isShown(field) && !this.state(name).hidden;
  }

  /** All messages, by field (sub-table cells as `table[row].column`), for the submit summary. */
  messages(): string[] {
    const out: string[] = [];
    for (const value of this.errors.values()) {
      if (typeof value === 'string') out.push(value);
      else for (const e of value) out.push(e.message);
    }
    return out;
  }

  reset(stored: FormValues = {}): void {
    this.values = initialValues(this.definition, stored);
    this.isNew = Object.keys(stored).length === 0;
    for (const node of this.calcs) this.evaluate(node);
    this.errors.clear();
    this.states.clear();
    this.submitted = false;
    this.notify([...this.listeners.keys()]);
  }

  private setState(name: string, patch: Partial<FieldState>, changed: Set<string>) {
    this.states.set(name, { ...this.state(name), ...patch });
    changed.add(`state:${name}`);
  }

  /** The field's change events, carried as data (never code): set or clear another field, toggle its state. */
  private runEvents(name: string, value: unknown, changed: Set<string>) {
    const events = this.fields.get(name)?.on?.change;
    if (!Array.isArray(events)) return;
    for (const raw of events as FormFieldEvent[]) {
      if (typeof raw !== 'object' || raw === null || typeof raw.target !== 'string') continue;
      if (raw.when !== undefined) {
        const matches = Array.isArray(value) ? value.includes(raw.when) : Object.is(value, raw.when);
        if (!matches) continue;
      }
      const target = raw.target;
      if (raw.action === 'setValue') {
        const next = raw.from ? this.values[raw.from] : raw.value;
        if (target !== name) {
          this.set(target, next);
          changed.add(target);
        }
      } else if (raw.action === 'clear' && target !== name) {
        this.set(target, Array.isArray(this.values[target]) ? [] : undefined);
        changed.add(target);
      } else if (raw.action === 'toggleHidden') {
        this.setState(target, { hidden: !this.state(target).hidden }, changed);
      } else if (raw.action === 'toggleDisabled') {
        this.setState(target, { disabled: !this.state(target).disabled }, changed);
      }
    }
  }
}

/** The value of one field, re-rendering only when it changes. */
export function useFieldValue(store: FormStore, name: string): unknown {
  const subscribe = useCallback((fn: Listener) => store.subscribe(name, fn), [store, name]);
  return useSyncExternalStore(subscribe, () => store.get(name));
}

export function useFieldError(store: FormStore, name: string): string | RowError[] | undefined {
  const subscribe = useCallback((fn: Listener) => store.subscribe(`error:${name}`, fn), [store, name]);
  return useSyncExternalStore(subscribe, () => store.error(name));
}

export function useFieldState(store: FormStore, name: string): FieldState {
  const subscribe = useCallback((fn: Listener) => store.subscribe(`state:${name}`, fn), [store, name]);
  return useSyncExternalStore(subscribe, () => store.state(name));
}

/** Several values at once (barcode/QR relations, the dynamic payload): re-renders when any changes. */
export function useFieldValues(store: FormStore, names: readonly string[]): unknown[] {
  const key = names.join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `names`
  const subscribe = useCallback(
    (fn: Listener) => {
      const offs = names.map((n) => store.subscribe(n, fn));
      return () => {
        for (const off of offs) off();
      };
    },
    [store, key],
  );
  const snapshot = useSyncExternalStore(subscribe, () => names.map((n) => String(store.get(n) ?? '')).join('\u0000'));
  return snapshot === '' && names.length === 0 ? [] : names.map((n) => store.get(n));
}
