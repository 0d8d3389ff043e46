/**
 * Reading a generated form's list definition (`columnData`, protocol-admin.md 7) the way both the
 * designer and the list pages need it, tolerant of what older definitions wrote.
 */

import type { ColumnDefinition } from '../schemas/visualdev.ts';

/**
 * A column's width in pixels: a number, or the text older definitions wrote ("120", "120px");
 * anything else (empty, "auto", a percentage, zero or less) is no width.
 */
export function columnWidth(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? Math.round(value) : null;
  if (typeof value !== 'string') return null;
  const match = /^\s*([0-9]+(?:\.[0-9]+)?)\s*(?:px)?\s*$/i.exec(value);
  const width = match ? Number(match[1]) : 0;
  return width > 0 ? Math.round(width) : null;
}

/** Where the tree beside a type 2 list reads its nodes: a dictionary, a data interface or the organisations. */
export type TreeSource = 'dictionary' | 'api' | 'organize';

/**
 * The tree panel of a list of type 2 (左侧树 + 表格): clicking a node lists the records whose
 * `relation` field holds that node's value (or a value below it). Field names are the JNPF ones:
 * `treeTitle`, `treeDataSource`, `treeDictionary`, `treePropsUrl` (the interface),
 * `treePropsValue` / `treePropsLabel` / `treePropsChildren` (which node property is the value,
 * the label, the children), `treeRelation` (the list's field).
 */
export interface TreePanel {
  title: string;
  source: TreeSource;
  /** The dictionary (type id or code) of a dictionary tree. */
  dictionary: string;
  /** The data interface of an interface tree. */
  interfaceId: string;
  value: string;
  label: string;
  children: string;
  relation: string;
}

export const TREE_SOURCES: readonly TreeSource[] = ['dictionary', 'api', 'organize'];
/** List type 2: a tree beside a plain table (protocol-admin.md 7 `columnData.type`). */
export const TREE_PANEL_TYPE = 2;

const text = (value: unknown, fallback = '') => (typeof value === 'string' && value.trim() ? value.trim() : fallback);

/** The tree panel of a list, or null when the list is not of type 2 or lacks its source or field. */
export function treePanelOf(list: ColumnDefinition): TreePanel | null {
  if (Number(list.type) !== TREE_PANEL_TYPE) return null;
  const source = TREE_SOURCES.find((s) => s === list.treeDataSource) ?? 'dictionary';
  const panel: TreePanel = {
    title: text(list.treeTitle),
    source,
    dictionary: text(list.treeDictionary),
    interfaceId: text(list.treePropsUrl),
    value: text(list.treePropsValue, 'id'),
    label: text(list.treePropsLabel, 'fullName'),
    children: text(list.treePropsChildren, 'children'),
    relation: text(list.treeRelation),
  };
  if (!panel.relation) return null;
  if (source === 'dictionary' && !panel.dictionary) return null;
  if (source === 'api' && !panel.interfaceId) return null;
  return panel;
}

/** A node of the tree panel as the page draws it: its value, its label and the nodes below it. */
export interface TreePanelNode {
  value: string;
  label: string;
  children: TreePanelNode[];
}

/**
 * The nodes of a tree source's rows: `value` and `label` name the row properties to read, `children`
 * the nested rows. A row without a value is left out (with what is below it lifted up).
 */
export function treePanelNodes(
  rows: readonly unknown[],
  keys: { value: string; label: string; children: string },
  depth = 0,
): TreePanelNode[] {
  if (depth > 50) return [];
  return rows.flatMap((row) => {
    if (!row || typeof row !== 'object') return [];
    const record = row as Record<string, unknown>;
    const below = Array.isArray(record[keys.children])
      ? treePanelNodes(record[keys.children] as unknown[], keys, depth + 1)
      : [];
    const raw = record[keys.value];
    if (raw === null || raw === undefined || raw === '') return below;
    const value = String(raw);
    const label = record[keys.label];
    return [
      { value, label: label === null || label === undefined || label === '' ? value : String(label), children: below },
    ];
  });
}

/** The values a chosen node stands for: its own and those of every node below it. */
export function treeNodeValues(node: TreePanelNode): string[] {
  return [node.value, ...node.children.flatMap(treeNodeValues)];
}
