import { type Static, Type } from 'typebox';
import { Id } from '../envelope.ts';
import { PageQuery } from '../paging.ts';
import { Description, EnabledMark, EnCode, FullName, IdArray, Nullable, SortCode } from './organize.ts';

/** 0: designed from cards; 1: a link (linkType 0 a page path inside the console, 1 an outside URL). */
export const PortalType = Type.Union([Type.Literal(0), Type.Literal(1)]);
const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
/** `formData`: JSON text `{layoutId, layout[], refresh}`; a designed portal's cards. */
const FormData = Type.String({ maxLength: 2_000_000 });

/** A portal's definition (protocol-workflow.md section 5). */
export const PortalInput = Type.Object({
  fullName: FullName,
  enCode: EnCode,
  /** The enCode of a portalDesigner dictionary entry. */
  category: Type.String({ minLength: 1, maxLength: 50 }),
  type: Type.Optional(PortalType),
  linkType: Type.Optional(Flag),
  customUrl: Nullable(Type.String({ maxLength: 1000 })),
  /** 1: viewers cannot rearrange the cards (no personal layout). */
  enabledLock: Type.Optional(Flag),
  formData: Nullable(FormData),
  sortCode: Type.Optional(SortCode),
  enabledMark: Type.Optional(EnabledMark),
  description: Nullable(Description),
});
export type PortalInput = Static<typeof PortalInput>;

/**
 * `PUT Q/{id}`: either the whole definition (the list's dialog) or the designer's `{id, formData}`,
 * which changes the cards and keeps every other field.
 */
export const PortalUpdate = Type.Union([
  Type.Object({ ...PortalInput.properties, id: Type.Optional(Id) }),
  Type.Object({ id: Type.Optional(Id), formData: FormData }),
]);
export type PortalUpdate = Static<typeof PortalUpdate>;

export const PortalQuery = Type.Object({
  ...PageQuery.properties,
  category: Type.Optional(Type.String({ maxLength: 50 })),
  type: Type.Optional(PortalType),
  enabledMark: Type.Optional(EnabledMark),
});
export type PortalQuery = Static<typeof PortalQuery>;

export const PortalRow = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  category: Type.String(),
  type: Type.Integer(),
  linkType: Type.Integer(),
  customUrl: Type.String(),
  enabledLock: Type.Integer(),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  description: Type.String(),
  creatorTime: Type.Integer(),
  lastModifyTime: Type.Union([Type.Integer(), Type.Null()]),
});
export type PortalRow = Static<typeof PortalRow>;
export const PortalInfo = Type.Object({ ...PortalRow.properties, formData: Type.String() });
export type PortalInfo = Static<typeof PortalInfo>;

export const PortalSelectorQuery = Type.Object({
  platform: Type.Optional(Type.String({ maxLength: 20 })),
  type: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
/** `GET Q/Selector`: categories with their enabled portals in children. */
export const PortalSelectorNode = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  parentId: Type.String(),
  hasChildren: Type.Boolean(),
  children: Type.Array(
    Type.Object({
      id: Type.String(),
      fullName: Type.String(),
      enCode: Type.String(),
      parentId: Type.String(),
      hasChildren: Type.Boolean(),
    }),
  ),
});
export type PortalSelectorNode = Static<typeof PortalSelectorNode>;

export const PortalAuthQuery = Type.Object({
  platform: Type.Optional(Type.String({ maxLength: 20 })),
  systemId: Type.Optional(Type.String({ maxLength: 50 })),
});
/** `GET Q/{id}/auth`: what the home page draws; formData is the viewer's own layout when saved. */
export const PortalAuth = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  type: Type.Integer(),
  linkType: Type.Integer(),
  customUrl: Type.String(),
  enabledLock: Type.Integer(),
  formData: Type.String(),
  /** Whether formData is the viewer's own layout rather than the designed one. */
  custom: Type.Boolean(),
});
export type PortalAuth = Static<typeof PortalAuth>;

export const PortalCustomSave = Type.Object({ formData: FormData });
export type PortalCustomSave = Static<typeof PortalCustomSave>;

/** The roles whose members open this portal on their home page unless they chose their own. */
export const PortalRoleDefault = Type.Object({ roleIds: IdArray });
export type PortalRoleDefault = Static<typeof PortalRoleDefault>;

/** The `.vp` file of a portal export. */
export const PORTAL_FILE_FORMAT = 'platform.portal';
export const PortalFile = Type.Object({
  format: Type.Literal(PORTAL_FILE_FORMAT),
  version: Type.Literal(1),
  exportedAt: Type.Optional(Type.Integer()),
  portal: PortalInput,
});
export type PortalFile = Static<typeof PortalFile>;
export const PortalImportResult = Type.Object({ id: Type.String(), skipped: Type.Boolean() });
export type PortalImportResult = Static<typeof PortalImportResult>;

export const portalCardKinds = [
  'card',
  'tab',
  'text',
  'image',
  'carousel',
  'video',
  'iframe',
  'notice',
  'todoList',
  'todo',
  'commonFunc',
  'schedule',
  'dataBoard',
  'tableList',
  'rankList',
  'timeAxis',
  'barChart',
  'lineChart',
  'pieChart',
  'radarChart',
  'mapChart',
] as const;
export type PortalCardKind = (typeof portalCardKinds)[number];
export const chartKinds: readonly PortalCardKind[] = ['barChart', 'lineChart', 'pieChart', 'radarChart', 'mapChart'];

/** One card of a designed portal (protocol-workflow.md section 5); cards and tabs hold children. */
export interface PortalCard {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  jnpfKey: PortalCardKind;
  title: string;
  visibility?: string[];
  card?: { linkType?: '' | '1' | '2'; linkTarget?: string; urlAddress?: string };
  option: { defaultValue?: unknown; [key: string]: unknown };
  dataType: 'static' | 'dynamic';
  propsApi: string;
  templateJson?: unknown[];
  /** Card: its cards; tab: one entry per tab (`title` + its cards). */
  children?: PortalCard[];
}

export interface PortalFormData {
  layoutId: number;
  layout: PortalCard[];
  /** Seconds between refreshes of the dynamic cards; 0 = never. */
  refresh: { autoRefresh: boolean; autoRefreshTime: number };
}

export const emptyPortalFormData = (): PortalFormData => ({
  layoutId: 0,
  layout: [],
  refresh: { autoRefresh: false, autoRefreshTime: 0 },
});

const withTextKey = (card: PortalCard): PortalCard => ({
  ...card,
  i: String(card.i),
  ...(card.children ? { children: card.children.map(withTextKey) } : {}),
});

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a portal's `formData` text; null when it is not a layout (not JSON, no `layout` array, a
 * card without its place or kind). Empty text is an empty portal. Unknown card fields are kept.
 * The 3.6 designer numbers its cards (`i: 100`); ours names them: both are read, as text.
 */
export function parsePortalFormData(text: string | null | undefined): PortalFormData | null {
  if (!text) return emptyPortalFormData();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value) || !Array.isArray(value.layout)) return null;
  const kinds = new Set<string>(portalCardKinds);
  const valid = (card: unknown): boolean =>
    isObject(card) &&
    (typeof card.i === 'string' || Number.isFinite(card.i)) &&
    ['x', 'y', 'w', 'h'].every((k) => Number.isFinite(card[k])) &&
    typeof card.jnpfKey === 'string' &&
    kinds.has(card.jnpfKey) &&
    (card.children === undefined || (Array.isArray(card.children) && card.children.every(valid)));
  if (!value.layout.every(valid)) return null;
  const refresh = isObject(value.refresh) ? value.refresh : {};
  return {
    ...value,
    layoutId: Number(value.layoutId) || 0,
    layout: value.layout.map(withTextKey),
    refresh: {
      autoRefresh: refresh.autoRefresh === true,
      autoRefreshTime: Math.max(0, Number(refresh.autoRefreshTime) || 0),
    },
  };
}
