import {
  FIELD_KINDS,
  type FormDefinition,
  type FormField,
  kindOf,
  kindsWhere,
  valueKindsWhere,
} from '@platform/shared';

/**
 * The form designer's state as a pure reducer: the definition as a tree of nodes (each with a
 * designer-only `uid`, never written back), the selection and an undo / redo history of snapshots.
 * `toDefinition(fromDefinition(d))` gives `d` back unchanged, key order included.
 */

export interface DesignNode {
  uid: string;
  /** The field as stored; for containers its `__config__.children` is replaced by `children` on output. */
  field: FormField;
  /** Present exactly when the field has a `__config__.children` array. */
  children?: DesignNode[];
}

/** The form's own settings: every key of the definition but `fields`. */
export type FormSettings = Omit<FormDefinition, 'fields'>;

export interface Snapshot {
  settings: FormSettings;
  nodes: DesignNode[];
}

export interface DesignerState extends Snapshot {
  selected: string | null;
  past: Snapshot[];
  future: Snapshot[];
  /** The next uid / formId number. */
  seq: number;
  /** The merge key of the last update: typing in one box makes one undo step, not one per key. */
  merge?: string;
}

/** Lists a user may drop fields into: a row's, a card's, a tab pane's, a collapse panel's, a grid cell's, a sub-table's columns. */
export const dropContainers = kindsWhere((kind) => kind.dropTarget);
/** The parts of a container its parent draws (panes, panels, grid rows and cells): never dragged, copied or removed alone. */
export const structuralKinds = kindsWhere((kind) => kind.drawnByParent);
/** Containers whose parts the property panel adds and removes. */
export const paneKinds: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(FIELD_KINDS).flatMap(([key, kind]) => (kind.parts ? [[key, kind.parts]] : [])),
);
/** The designer branches on the kind (`kindOf`: datePicker is date), never on the raw key. */
const kindKey = (node: DesignNode) => kindOf(node.field);
/** The kind of the node `uid`, undefined when there is none. */
export const kindAt = (nodes: readonly DesignNode[], uid: string) => {
  const node = findNode(nodes, uid);
  return node ? kindKey(node) : undefined;
};
const historyLimit = 100;

export type DesignerAction =
  | { type: 'load'; definition: FormDefinition }
  | { type: 'add'; field: FormField; parent: string | null; index: number }
  | { type: 'move'; uid: string; parent: string | null; index: number }
  | { type: 'remove'; uid: string }
  | { type: 'copy'; uid: string }
  | { type: 'update'; uid: string; field: FormField; merge?: string }
  | { type: 'settings'; settings: FormSettings; merge?: string }
  | { type: 'select'; uid: string | null }
  /** A tab's panes or a collapse's panels (`rows`), a table layout's rows × `cols` cells; extra ones are added empty. */
  | { type: 'resize'; uid: string; rows: number; cols?: number; drop?: number }
  | { type: 'selectStep'; step: 1 | -1 }
  | { type: 'undo' }
  | { type: 'redo' };

function nodesOf(fields: readonly FormField[], next: () => string): DesignNode[] {
  return fields.map((field) => {
    const children = field.__config__?.children;
    return Array.isArray(children) ? { uid: next(), field, children: nodesOf(children, next) } : { uid: next(), field };
  });
}

export function fromDefinition(definition: FormDefinition): DesignerState {
  let seq = 0;
  const next = () => `n${++seq}`;
  const { fields, ...settings } = definition;
  const nodes = nodesOf(Array.isArray(fields) ? fields : [], next);
  return { settings, nodes, selected: null, past: [], future: [], seq: seq + 1 };
}

export function toField(node: DesignNode): FormField {
  if (!node.children) return node.field;
  return { ...node.field, __config__: { ...node.field.__config__, children: node.children.map(toField) } };
}

export function toDefinition(state: Snapshot): FormDefinition {
  return { ...state.settings, fields: state.nodes.map(toField) } as FormDefinition;
}

/** The nodes the canvas shows as fields one by one, depth first, inside every container (not the panes and cells themselves). */
export function canvasOrder(nodes: readonly DesignNode[]): DesignNode[] {
  return nodes.flatMap((node) => {
    const inner = node.children ? canvasOrder(node.children) : [];
    return structuralKinds.has(kindKey(node)) ? inner : [node, ...inner];
  });
}

/** The list a click in the palette adds to when `node` is selected: its own, its first pane's or first cell's; none for fields. */
export function innerList(node: DesignNode): DesignNode | undefined {
  if (!node.children) return undefined;
  if (dropContainers.has(kindKey(node))) return node;
  for (const child of node.children) {
    const found = innerList(child);
    if (found && !(child.field.__config__.merged === true)) return found;
  }
  return undefined;
}

/** Every node depth first. */
export function flatten(nodes: readonly DesignNode[]): DesignNode[] {
  return nodes.flatMap((node) => [node, ...(node.children ? flatten(node.children) : [])]);
}

export function findNode(nodes: readonly DesignNode[], uid: string): DesignNode | undefined {
  return flatten(nodes).find((node) => node.uid === uid);
}

/** Where a node sits: its parent's uid (null at the top) and its index there. */
export function locate(
  nodes: readonly DesignNode[],
  uid: string,
  parent: string | null = null,
): { parent: string | null; index: number } | undefined {
  for (const [index, node] of nodes.entries()) {
    if (node.uid === uid) return { parent, index };
    if (node.children) {
      const found = locate(node.children, uid, node.uid);
      if (found) return found;
    }
  }
  return undefined;
}

/** The names already used by value fields (sub-table columns included). */
export function usedNames(nodes: readonly DesignNode[]): Set<string> {
  return new Set(flatten(nodes).flatMap((node) => (node.field.__vModel__ ? [node.field.__vModel__] : [])));
}

function mapList(nodes: DesignNode[], parent: string | null, edit: (list: DesignNode[]) => DesignNode[]): DesignNode[] {
  if (parent === null) return edit(nodes);
  return nodes.map((node) => {
    if (!node.children) return node;
    if (node.uid === parent) return { ...node, children: edit(node.children) };
    const children = mapList(node.children, parent, edit);
    return children === node.children ? node : { ...node, children };
  });
}

function without(nodes: DesignNode[], uid: string): DesignNode[] {
  const kept = nodes.filter((node) => node.uid !== uid);
  return kept.map((node) => {
    if (!node.children) return node;
    const children = without(node.children, uid);
    return children.length === node.children.length && children.every((c, i) => c === node.children?.[i])
      ? node
      : { ...node, children };
  });
}

const insertAt = (list: DesignNode[], index: number, node: DesignNode) => {
  const at = Math.max(0, Math.min(index, list.length));
  return [...list.slice(0, at), node, ...list.slice(at)];
};

/** Whether `field` may go into the list of `parent`: a sub-table takes plain value fields only, and a sub-table goes nowhere but the form's own lists. */
export function accepts(nodes: readonly DesignNode[], parent: string | null, field: FormField): boolean {
  const kind = kindOf(field);
  if (structuralKinds.has(kind)) return false;
  if (parent === null) return true;
  const node = findNode(nodes, parent);
  if (!node?.children || !dropContainers.has(kindKey(node))) return false;
  if (kindKey(node) === 'table')
    return field.__vModel__ !== undefined && !field.__config__.children && kind !== 'table';
  return true;
}

/** A new empty pane, panel, grid row or cell. */
function partOf(kind: string, n: number, cols = 1): FormField {
  if (kind === 'tableGridTr')
    return {
      __config__: {
        jnpfKey: 'tableGridTr',
        children: Array.from({ length: cols }, (_, i) => partOf('tableGridTd', i)),
      },
    };
  if (kind === 'tableGridTd') return { __config__: { jnpfKey: 'tableGridTd', colspan: 1, rowspan: 1, children: [] } };
  return { title: String(n + 1), name: String(n + 1), __config__: { jnpfKey: kind, children: [] } };
}

function resized(list: DesignNode[], count: number, make: (n: number) => DesignNode): DesignNode[] {
  const kept = list.slice(0, Math.max(1, count));
  for (let n = kept.length; n < count; n++) kept.push(make(n));
  return kept;
}

/** A copy of a new or copied field with fresh uids, a fresh formId and field names not yet used. */
function fresh(field: FormField, state: { seq: number; names: Set<string> }): DesignNode {
  const seq = state.seq++;
  const config = { ...field.__config__, formId: seq };
  let copy: FormField = { ...field, __config__: config };
  if (field.__vModel__ !== undefined) {
    const base = `${field.__config__.jnpfKey}Field`;
    let name = `${base}${seq}`;
    for (let n = seq; state.names.has(name); n++) name = `${base}${n}`;
    state.names.add(name);
    copy = { ...copy, __vModel__: name };
  }
  const children = field.__config__.children;
  if (!Array.isArray(children)) return { uid: `n${seq}`, field: copy };
  return { uid: `n${seq}`, field: copy, children: children.map((child) => fresh(child, state)) };
}

function commit(
  state: DesignerState,
  nodes: DesignNode[],
  extra: Partial<DesignerState> = {},
  merge?: string,
): DesignerState {
  const same = merge !== undefined && state.merge === merge && state.future.length === 0;
  const past = same
    ? state.past
    : [...state.past, { settings: state.settings, nodes: state.nodes }].slice(-historyLimit);
  return { ...state, nodes, past, future: [], merge, ...extra };
}

export function designerReducer(state: DesignerState, action: DesignerAction): DesignerState {
  switch (action.type) {
    case 'load':
      return fromDefinition(action.definition);
    case 'add': {
      if (!accepts(state.nodes, action.parent, action.field)) return state;
      const counter = { seq: state.seq, names: usedNames(state.nodes) };
      const node = fresh(action.field, counter);
      const nodes = mapList(state.nodes, action.parent, (list) => insertAt(list, action.index, node));
      return commit(state, nodes, { seq: counter.seq, selected: node.uid });
    }
    case 'move': {
      const node = findNode(state.nodes, action.uid);
      const from = locate(state.nodes, action.uid);
      if (!node || !from || !accepts(state.nodes, action.parent, node.field)) return state;
      // A container never moves into itself or one of its own descendants.
      if (
        action.parent !== null &&
        (action.parent === node.uid || (node.children && findNode(node.children, action.parent)))
      )
        return state;
      if (from.parent === action.parent && from.index === action.index) return state;
      const removed = without(state.nodes, action.uid);
      const nodes = mapList(removed, action.parent, (list) => insertAt(list, action.index, node));
      return commit(state, nodes, { selected: node.uid });
    }
    case 'remove': {
      const gone = findNode(state.nodes, action.uid);
      if (!gone || structuralKinds.has(kindKey(gone))) return state;
      const order = canvasOrder(state.nodes).map((node) => node.uid);
      const nodes = without(state.nodes, action.uid);
      const left = new Set(canvasOrder(nodes).map((node) => node.uid));
      // The selection moves to the field after the removed one, else the one before.
      const at = order.indexOf(action.uid);
      const after = order.slice(at + 1).find((uid) => left.has(uid));
      const before = order
        .slice(0, at)
        .reverse()
        .find((uid) => left.has(uid));
      return commit(state, nodes, { selected: after ?? before ?? null });
    }
    case 'copy': {
      const node = findNode(state.nodes, action.uid);
      const at = locate(state.nodes, action.uid);
      if (!node || !at || structuralKinds.has(kindKey(node))) return state;
      const counter = { seq: state.seq, names: usedNames(state.nodes) };
      const copy = fresh(toField(node), counter);
      const nodes = mapList(state.nodes, at.parent, (list) => insertAt(list, at.index + 1, copy));
      return commit(state, nodes, { seq: counter.seq, selected: copy.uid });
    }
    case 'update': {
      const update = (list: DesignNode[]): DesignNode[] =>
        list.map((node) => {
          if (node.uid === action.uid) return { ...node, field: action.field };
          if (!node.children) return node;
          const children = update(node.children);
          return children.every((c, i) => c === node.children?.[i]) ? node : { ...node, children };
        });
      if (!findNode(state.nodes, action.uid)) return state;
      return commit(state, update(state.nodes), {}, action.merge);
    }
    case 'resize': {
      const node = findNode(state.nodes, action.uid);
      if (!node?.children) return state;
      const counter = { seq: state.seq, names: usedNames(state.nodes) };
      const kind = kindKey(node);
      let children: DesignNode[];
      if (kind === 'tableGrid') {
        const cols = Math.max(1, action.cols ?? 1);
        children = resized(node.children, action.rows, () => fresh(partOf('tableGridTr', 0, cols), counter)).map(
          (row) => ({
            ...row,
            children: resized(row.children ?? [], cols, (n) => fresh(partOf('tableGridTd', n), counter)),
          }),
        );
      } else {
        const part = paneKinds[kind];
        if (!part) return state;
        const kept = action.drop === undefined ? node.children : node.children.filter((_, i) => i !== action.drop);
        if (!kept.length) return state;
        children = resized(kept, action.rows, (n) => fresh(partOf(part, n), counter));
      }
      const nodes = mapList(state.nodes, action.uid, () => children);
      // mapList edits the children of `uid` itself: the container keeps its own place.
      return commit(state, nodes, { seq: counter.seq });
    }
    case 'settings':
      return commit(state, state.nodes, { settings: action.settings }, action.merge);
    case 'select':
      return state.selected === action.uid ? state : { ...state, selected: action.uid };
    case 'selectStep': {
      const order = canvasOrder(state.nodes);
      if (!order.length) return state;
      const at = order.findIndex((node) => node.uid === state.selected);
      const next =
        at < 0 ? (action.step > 0 ? 0 : order.length - 1) : Math.max(0, Math.min(order.length - 1, at + action.step));
      return { ...state, selected: order[next]?.uid ?? null };
    }
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        ...state,
        ...previous,
        past: state.past.slice(0, -1),
        future: [{ settings: state.settings, nodes: state.nodes }, ...state.future],
        selected: keepSelection(previous.nodes, state.selected),
        merge: undefined,
      };
    }
    case 'redo': {
      const [next, ...future] = state.future;
      if (!next) return state;
      return {
        ...state,
        ...next,
        past: [...state.past, { settings: state.settings, nodes: state.nodes }],
        future,
        selected: keepSelection(next.nodes, state.selected),
        merge: undefined,
      };
    }
  }
}

const keepSelection = (nodes: readonly DesignNode[], selected: string | null) =>
  selected && findNode(nodes, selected) ? selected : null;

/** What is wrong with a definition typed in the JSON view, as a locale key and its values; null when fine. */
export function definitionProblem(value: unknown): { key: string; values?: Record<string, string> } | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { key: 'json.notObject' };
  const fields = (value as { fields?: unknown }).fields;
  if (!Array.isArray(fields)) return { key: 'json.noFields' };
  const names = new Set<string>();
  const check = (list: unknown[]): { key: string; values?: Record<string, string> } | null => {
    for (const item of list) {
      const config = item && typeof item === 'object' ? (item as FormField).__config__ : undefined;
      if (!config || typeof config !== 'object' || typeof config.jnpfKey !== 'string' || !config.jnpfKey)
        return { key: 'json.noKind' };
      const name = (item as FormField).__vModel__;
      if (name !== undefined) {
        if (typeof name !== 'string' || !name) return { key: 'json.badName', values: { kind: config.jnpfKey } };
        // Sub-table columns have their own scope, as the server's storage plan has.
        if (kindOf(item as FormField) !== 'table' && names.has(name))
          return { key: 'json.duplicate', values: { name } };
        names.add(name);
      }
      if (config.children !== undefined) {
        if (!Array.isArray(config.children)) return { key: 'json.badChildren', values: { kind: config.jnpfKey } };
        const inner = kindOf(item as FormField) === 'table' ? checkColumns(config.children) : check(config.children);
        if (inner) return inner;
      }
    }
    return null;
  };
  const checkColumns = (columns: unknown[]) => {
    const saved = new Set(names);
    names.clear();
    const problem = check(columns);
    names.clear();
    for (const name of saved) names.add(name);
    return problem;
  };
  return check(fields);
}

/** What a calculation may read (widgets.md "Calculate field"). */
const numberKinds = valueKindsWhere((facets) => facets.numberOperand);

/**
 * The fields field `uid` may read that `accept` takes: the form's fields outside sub-tables, and
 * inside its own sub-table that table's columns as `table${separator}column`.
 */
function readableFields(
  nodes: readonly DesignNode[],
  uid: string,
  accept: (node: DesignNode) => boolean,
  separator: string,
): { name: string; label: string; jnpfKey: string }[] {
  const out: { name: string; label: string; jnpfKey: string }[] = [];
  const take = (node: DesignNode, prefix: string) => {
    const name = node.field.__vModel__;
    if (node.uid === uid || !name || !accept(node)) return;
    out.push({
      name: `${prefix}${name}`,
      label: String(node.field.__config__.label ?? name),
      jnpfKey: node.field.__config__.jnpfKey,
    });
  };
  const walk = (list: readonly DesignNode[]) => {
    for (const node of list) {
      if (kindKey(node) === 'table') {
        if (node.children?.some((c) => c.uid === uid))
          for (const column of node.children) take(column, `${node.field.__vModel__}${separator}`);
        continue;
      }
      take(node, '');
      if (node.children) walk(node.children);
    }
  };
  walk(nodes);
  return out;
}

/** The fields a calculation `uid` may pick: number fields, its own sub-table's as `table.column` (widgets.md "Calculate field"). */
export const operandsOf = (nodes: readonly DesignNode[], uid: string) =>
  readableFields(nodes, uid, (node) => numberKinds.has(kindKey(node)), '.');

/**
 * The fields an interface parameter of field `uid` may take its value from: every value field, its
 * own sub-table's columns as `table-column` (widgets.md "Parameter template entry").
 */
export const paramFieldsOf = (nodes: readonly DesignNode[], uid: string) =>
  readableFields(nodes, uid, (node) => !node.children, '-');
