import type { FormDefinition, FormField } from '@platform/shared';
import { describe, expect, test } from 'vitest';
import { allKindsDefinition } from '../../../shared/form-engine/fixtures/all-kinds.ts';
import { jnpf36Definition } from '../../../shared/form-engine/fixtures/jnpf36.ts';
import { paletteItem } from './palette.ts';
import {
  canvasOrder,
  type DesignerAction,
  type DesignerState,
  definitionProblem,
  designerReducer,
  fromDefinition,
  operandsOf,
  toDefinition,
} from './state.ts';

const template = (key: string, label = key): FormField => {
  const item = paletteItem(key);
  if (!item) throw new Error(`no palette item ${key}`);
  return item.field(label);
};
const run = (state: DesignerState, ...actions: DesignerAction[]) => actions.reduce(designerReducer, state);
const empty = () => fromDefinition({ labelWidth: 100, fields: [] });
const names = (state: DesignerState) => toDefinition(state).fields.map((f) => f.__vModel__ ?? f.__config__.jnpfKey);
const labels = (state: DesignerState) => toDefinition(state).fields.map((f) => f.__config__.label);

describe('definition → designer → definition', () => {
  test.each([
    ['all kinds', allKindsDefinition],
    ['JNPF 3.6 export', jnpf36Definition],
  ])('%s comes back identical, key order included', (_, definition) => {
    const back = toDefinition(fromDefinition(definition));
    expect(back).toEqual(definition);
    expect(JSON.stringify(back)).toBe(JSON.stringify(definition));
  });
});

describe('adding', () => {
  test('a dropped widget gets a unique field name, a formId and the selection', () => {
    const state = run(
      empty(),
      { type: 'add', field: template('input', '姓名'), parent: null, index: 0 },
      { type: 'add', field: template('input', '电话'), parent: null, index: 1 },
    );
    const [first, second] = toDefinition(state).fields;
    expect(first?.__vModel__).toMatch(/^inputField\d+$/);
    expect(second?.__vModel__).toMatch(/^inputField\d+$/);
    expect(first?.__vModel__).not.toBe(second?.__vModel__);
    expect(state.selected).toBe(state.nodes[1]?.uid);
  });

  test('a name already taken by a loaded field is not given again', () => {
    const loaded = fromDefinition({
      fields: [{ __vModel__: 'inputField2', __config__: { jnpfKey: 'input', label: 'a' } }],
    });
    const state = run(loaded, { type: 'add', field: template('input'), parent: null, index: 1 });
    const [a, b] = names(state);
    expect(a).toBe('inputField2');
    expect(b).not.toBe('inputField2');
  });

  test('fields nest in a row and a card but not in a plain field', () => {
    let state = run(empty(), { type: 'add', field: template('row'), parent: null, index: 0 });
    const row = state.nodes[0]?.uid as string;
    state = run(state, { type: 'add', field: template('input', 'inner'), parent: row, index: 0 });
    const inner = state.nodes[0]?.children?.[0]?.uid as string;
    expect(toDefinition(state).fields[0]?.__config__.children?.[0]?.__config__.label).toBe('inner');
    const refused = run(state, { type: 'add', field: template('input'), parent: inner, index: 0 });
    expect(refused).toBe(state);
  });
});

describe('tabs, collapses, table layouts and sub-tables', () => {
  const withContainer = (key: string) =>
    run(empty(), { type: 'add', field: template(key, key), parent: null, index: 0 });
  const uidAt = (state: DesignerState, ...path: number[]) => {
    let list = state.nodes;
    let uid = '';
    for (const i of path) {
      uid = list[i]?.uid as string;
      list = list[i]?.children ?? [];
    }
    return uid;
  };

  test('a field drops into the second pane of a tab, a collapse panel and a grid cell, and moves between them', () => {
    let state = withContainer('tab');
    state = run(
      state,
      { type: 'add', field: template('collapse', 'fold'), parent: null, index: 1 },
      { type: 'add', field: template('tableGrid', 'grid'), parent: null, index: 2 },
    );
    const pane2 = uidAt(state, 0, 1);
    const panel1 = uidAt(state, 1, 0);
    const cell = uidAt(state, 2, 1, 1);
    state = run(state, { type: 'add', field: template('input', 'X'), parent: pane2, index: 0 });
    const x = state.selected as string;
    const fields = () => toDefinition(state).fields;
    expect(fields()[0]?.__config__.children?.[1]?.__config__.children?.[0]?.__config__.label).toBe('X');
    state = run(state, { type: 'move', uid: x, parent: panel1, index: 0 });
    expect(fields()[0]?.__config__.children?.[1]?.__config__.children).toEqual([]);
    expect(fields()[1]?.__config__.children?.[0]?.__config__.children?.[0]?.__config__.label).toBe('X');
    state = run(state, { type: 'move', uid: x, parent: cell, index: 0 });
    expect(
      fields()[2]?.__config__.children?.[1]?.__config__.children?.[1]?.__config__.children?.[0]?.__config__.label,
    ).toBe('X');
    // The canvas order walks into panes and cells, not onto them.
    expect(canvasOrder(state.nodes).map((n) => n.field.__config__.label)).toEqual(['tab', 'fold', 'grid', 'X']);
  });

  test('a sub-table takes value fields as columns, not containers, other sub-tables or display widgets', () => {
    let state = withContainer('table');
    const table = uidAt(state, 0);
    state = run(state, { type: 'add', field: template('inputNumber', 'qty'), parent: table, index: 0 });
    expect(toDefinition(state).fields[0]?.__config__.children?.map((f) => f.__config__.label)).toEqual(['qty']);
    for (const key of ['row', 'table', 'divider']) {
      expect(run(state, { type: 'add', field: template(key), parent: table, index: 1 })).toBe(state);
    }
    expect(toDefinition(state).fields[0]?.__vModel__).toMatch(/^tableField\d+$/);
  });

  test('panes and cells are never moved, copied or removed alone; resizing adds empty ones and keeps contents', () => {
    let state = withContainer('tab');
    const tab = uidAt(state, 0);
    const pane1 = uidAt(state, 0, 0);
    state = run(state, { type: 'add', field: template('input', 'kept'), parent: pane1, index: 0 });
    expect(run(state, { type: 'remove', uid: pane1 })).toBe(state);
    expect(run(state, { type: 'copy', uid: pane1 })).toBe(state);
    expect(run(state, { type: 'move', uid: pane1, parent: null, index: 0 })).toBe(state);
    state = run(state, { type: 'resize', uid: tab, rows: 3 });
    const panes = toDefinition(state).fields[0]?.__config__.children ?? [];
    expect(panes.map((p) => p.name)).toEqual(['1', '2', '3']);
    expect(panes[0]?.__config__.children?.[0]?.__config__.label).toBe('kept');
    state = run(state, { type: 'resize', uid: tab, rows: 2, drop: 1 });
    expect(toDefinition(state).fields[0]?.__config__.children?.map((p) => p.name)).toEqual(['1', '3']);
    let grid = withContainer('tableGrid');
    grid = run(grid, { type: 'resize', uid: uidAt(grid, 0), rows: 3, cols: 4 });
    const rows = toDefinition(grid).fields[0]?.__config__.children ?? [];
    expect(rows.map((r) => r.__config__.children?.length)).toEqual([4, 4, 4]);
  });

  test('every new container comes back from the definition it writes', () => {
    let state = empty();
    for (const key of ['tab', 'collapse', 'tableGrid', 'table'])
      state = run(state, { type: 'add', field: template(key), parent: null, index: state.nodes.length });
    const definition = toDefinition(state);
    expect(toDefinition(fromDefinition(definition))).toEqual(definition);
  });
});

describe('calculation operands', () => {
  test('number fields of the form, and inside a sub-table its own number columns as table.column', () => {
    let state = run(
      empty(),
      { type: 'add', field: template('inputNumber', 'price'), parent: null, index: 0 },
      { type: 'add', field: template('input', 'text'), parent: null, index: 1 },
      { type: 'add', field: template('calculate', 'total'), parent: null, index: 2 },
      { type: 'add', field: template('table', 'lines'), parent: null, index: 3 },
    );
    const total = state.nodes[2]?.uid as string;
    const table = state.nodes[3];
    state = run(
      state,
      { type: 'add', field: template('inputNumber', 'qty'), parent: table?.uid as string, index: 0 },
      { type: 'add', field: template('calculate', 'sub'), parent: table?.uid as string, index: 1 },
    );
    const sub = state.selected as string;
    const names = toDefinition(state).fields.map((f) => f.__vModel__);
    const columns = toDefinition(state).fields[3]?.__config__.children?.map((f) => f.__vModel__);
    expect(operandsOf(state.nodes, total)).toEqual([{ name: names[0], label: 'price', jnpfKey: 'inputNumber' }]);
    expect(operandsOf(state.nodes, sub)).toEqual([
      { name: names[0], label: 'price', jnpfKey: 'inputNumber' },
      { name: `${names[2]}`, label: 'total', jnpfKey: 'calculate' },
      { name: `${names[3]}.${columns?.[0]}`, label: 'qty', jnpfKey: 'inputNumber' },
    ]);
  });
});

describe('moving, copying, removing', () => {
  const three = () =>
    run(
      empty(),
      { type: 'add', field: template('input', 'A'), parent: null, index: 0 },
      { type: 'add', field: template('input', 'B'), parent: null, index: 1 },
      { type: 'add', field: template('input', 'C'), parent: null, index: 2 },
    );

  test('a field moves to another place in its list', () => {
    const state = three();
    const c = state.nodes[2]?.uid as string;
    expect(labels(run(state, { type: 'move', uid: c, parent: null, index: 0 }))).toEqual(['C', 'A', 'B']);
  });

  test('a field moves into a card and out again', () => {
    let state = run(three(), { type: 'add', field: template('card', 'K'), parent: null, index: 3 });
    const card = state.nodes[3]?.uid as string;
    const a = state.nodes[0]?.uid as string;
    state = run(state, { type: 'move', uid: a, parent: card, index: 0 });
    expect(labels(state)).toEqual(['B', 'C', 'K']);
    expect(toDefinition(state).fields[2]?.__config__.children?.map((f) => f.__config__.label)).toEqual(['A']);
    state = run(state, { type: 'move', uid: a, parent: null, index: 0 });
    expect(labels(state)).toEqual(['A', 'B', 'C', 'K']);
  });

  test('a container never moves into itself or its own child', () => {
    let state = run(empty(), { type: 'add', field: template('row'), parent: null, index: 0 });
    const outer = state.nodes[0]?.uid as string;
    state = run(state, { type: 'add', field: template('card'), parent: outer, index: 0 });
    const inner = state.nodes[0]?.children?.[0]?.uid as string;
    expect(run(state, { type: 'move', uid: outer, parent: inner, index: 0 })).toBe(state);
    expect(run(state, { type: 'move', uid: outer, parent: outer, index: 0 })).toBe(state);
  });

  test('a copy lands after its original with a new name and is selected', () => {
    const state = three();
    const b = state.nodes[1];
    const next = run(state, { type: 'copy', uid: b?.uid as string });
    expect(labels(next)).toEqual(['A', 'B', 'B', 'C']);
    const fields = toDefinition(next).fields;
    expect(fields[2]?.__vModel__).not.toBe(fields[1]?.__vModel__);
    expect(next.selected).toBe(next.nodes[2]?.uid);
  });

  test('removing selects the next field, or the one before at the end', () => {
    const state = three();
    const [a, b, c] = state.nodes.map((n) => n.uid);
    const afterB = run(state, { type: 'remove', uid: b as string });
    expect(labels(afterB)).toEqual(['A', 'C']);
    expect(afterB.selected).toBe(c);
    const afterC = run(state, { type: 'remove', uid: c as string });
    expect(afterC.selected).toBe(b);
    expect(
      run(
        state,
        { type: 'remove', uid: a as string },
        { type: 'remove', uid: b as string },
        { type: 'remove', uid: c as string },
      ).selected,
    ).toBeNull();
  });

  test('arrow selection walks the canvas order, into rows and cards', () => {
    let state = run(three(), { type: 'add', field: template('row'), parent: null, index: 1 });
    const row = state.nodes[1]?.uid as string;
    state = run(
      state,
      { type: 'add', field: template('input', 'R'), parent: row, index: 0 },
      { type: 'select', uid: null },
    );
    const order = canvasOrder(state.nodes).map((n) => n.uid);
    const walked: (string | null)[] = [];
    for (let i = 0; i < 6; i++) {
      state = run(state, { type: 'selectStep', step: 1 });
      walked.push(state.selected);
    }
    expect(walked).toEqual([...order, order.at(-1)]);
    expect(run(state, { type: 'selectStep', step: -1 }).selected).toBe(order.at(-2));
  });
});

describe('undo and redo', () => {
  test('every change can be undone and redone in order', () => {
    const s0 = empty();
    const s1 = run(s0, { type: 'add', field: template('input', 'A'), parent: null, index: 0 });
    const s2 = run(s1, { type: 'add', field: template('select', 'B'), parent: null, index: 1 });
    const undone = run(s2, { type: 'undo' });
    expect(labels(undone)).toEqual(['A']);
    expect(labels(run(undone, { type: 'undo' }))).toEqual([]);
    expect(labels(run(undone, { type: 'undo' }, { type: 'redo' }, { type: 'redo' }))).toEqual(['A', 'B']);
    // A new change after an undo drops what could be redone.
    const branched = run(undone, { type: 'add', field: template('radio', 'C'), parent: null, index: 1 });
    expect(run(branched, { type: 'redo' })).toBe(branched);
  });

  test('typing in one box is one undo step; another box starts a new one', () => {
    let state = run(empty(), { type: 'add', field: template('input', 'A'), parent: null, index: 0 });
    const node = state.nodes[0];
    if (!node) throw new Error('no node');
    const withLabel = (label: string): DesignerAction => ({
      type: 'update',
      uid: node.uid,
      field: { ...node.field, __config__: { ...node.field.__config__, label } },
      merge: `${node.uid}:label`,
    });
    state = run(state, withLabel('N'), withLabel('Na'), withLabel('Nam'), withLabel('Name'));
    expect(labels(state)).toEqual(['Name']);
    expect(labels(run(state, { type: 'undo' }))).toEqual(['A']);
    state = run(state, {
      type: 'settings',
      settings: { ...state.settings, labelWidth: 120 },
      merge: 'form:labelWidth',
    });
    expect(toDefinition(run(state, { type: 'undo' })).labelWidth).toBe(100);
    expect(labels(run(state, { type: 'undo' }))).toEqual(['Name']);
  });

  test('undo keeps the selection only while the field exists', () => {
    const state = run(empty(), { type: 'add', field: template('input', 'A'), parent: null, index: 0 });
    expect(state.selected).not.toBeNull();
    expect(run(state, { type: 'undo' }).selected).toBeNull();
  });
});

describe('JSON view validation', () => {
  test.each<[unknown, string | null]>([
    [[], 'json.notObject'],
    [{ formRef: 'x' }, 'json.noFields'],
    [{ fields: [{ __vModel__: 'a' }] }, 'json.noKind'],
    [{ fields: [{ __vModel__: '', __config__: { jnpfKey: 'input' } }] }, 'json.badName'],
    [
      {
        fields: [
          { __vModel__: 'a', __config__: { jnpfKey: 'input' } },
          { __config__: { jnpfKey: 'card', children: [{ __vModel__: 'a', __config__: { jnpfKey: 'input' } }] } },
        ],
      },
      'json.duplicate',
    ],
    [{ fields: [{ __config__: { jnpfKey: 'row', children: {} } }] }, 'json.badChildren'],
    [allKindsDefinition, null],
    [jnpf36Definition, null],
  ])('%j → %s', (value, key) => {
    expect(definitionProblem(value)?.key ?? null).toBe(key);
  });

  test('sub-table columns may reuse a form field name (their own table)', () => {
    const definition: FormDefinition = {
      fields: [
        { __vModel__: 'name', __config__: { jnpfKey: 'input' } },
        {
          __vModel__: 'items',
          __config__: { jnpfKey: 'table', children: [{ __vModel__: 'name', __config__: { jnpfKey: 'input' } }] },
        },
      ],
    };
    expect(definitionProblem(definition)).toBeNull();
  });
});
