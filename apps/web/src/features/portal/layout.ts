import {
  chartKinds,
  emptyPortalFormData,
  type PortalCard,
  type PortalCardKind,
  type PortalFormData,
  parsePortalFormData,
} from '@platform/shared';

/** The grid: 12 columns of 10 px rows (the 3.6 designer's grid). */
export const gridColumns = 12;
export const gridRowHeight = 10;
/** The gap between cards, px. */
export const gridMargin = 10;

/**
 * The row height (px) that fits `cards` into `height` px (a data screen shows every card at once):
 * the grid is rows * rowHeight plus a margin above every row and below the last. Kept between 4
 * and 60 so cards neither collapse nor balloon.
 */
export function fittedRowHeight(cards: readonly PortalCard[], height: number): number {
  const rows = cards.reduce((max, c) => Math.max(max, c.y + c.h), 0);
  if (!rows) return gridRowHeight;
  return Math.min(60, Math.max(4, Math.floor((height - (rows + 1) * gridMargin) / rows)));
}

/** Where a card sits on the grid, as react-grid-layout reports it. */
export interface GridPlace {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const sizes: Partial<Record<PortalCardKind, [number, number]>> = {
  text: [6, 10],
  image: [6, 20],
  dataBoard: [12, 12],
  todo: [12, 12],
  commonFunc: [12, 14],
  card: [12, 30],
  tab: [12, 30],
};

/** The sample rows a chart or list card shows until it is given its own: `[{name, type, value}]`. */
export const sampleSeries = [
  { name: '一月', type: '2025', value: 120 },
  { name: '二月', type: '2025', value: 200 },
  { name: '三月', type: '2025', value: 150 },
  { name: '一月', type: '2026', value: 90 },
  { name: '二月', type: '2026', value: 230 },
  { name: '三月', type: '2026', value: 180 },
];

/** The sample rows a map card shows until it is given its own: a value per province. */
export const sampleProvinces = [
  { name: '广东', type: '', value: 320 },
  { name: '江苏', type: '', value: 260 },
  { name: '浙江', type: '', value: 210 },
  { name: '北京', type: '', value: 180 },
  { name: '四川', type: '', value: 120 },
  { name: '新疆', type: '', value: 40 },
];

function defaultValueOf(kind: PortalCardKind): unknown {
  if (kind === 'mapChart') return sampleProvinces;
  if (chartKinds.includes(kind) || kind === 'rankList' || kind === 'tableList') return sampleSeries;
  switch (kind) {
    case 'dataBoard':
      return [
        { name: '订单', value: 128 },
        { name: '客户', value: 56 },
        { name: '合同', value: 17 },
      ];
    case 'timeAxis':
      return [
        { name: '立项', value: '2026-01-05' },
        { name: '上线', value: '2026-03-01' },
      ];
    case 'carousel':
      return [];
    default:
      return '';
  }
}

/** The size a new card of `kind` takes (columns, rows). */
export const sizeOf = (kind: PortalCardKind): { w: number; h: number } => {
  const [w, h] = sizes[kind] ?? [6, 24];
  return { w, h };
};

/** Where a card dropped from the palette lands (the grid's cell under the pointer). */
export type DropPlace = Omit<GridPlace, 'i'>;

/**
 * A new card of `kind` named `title` (the palette's label): where it was dropped, else at the
 * bottom of `cards` (a click on the palette).
 */
export function newCard(
  kind: PortalCardKind,
  id: number,
  title: string,
  cards: readonly PortalCard[] = [],
  place?: DropPlace,
): PortalCard {
  const { w, h } = sizeOf(kind);
  const bottom = cards.reduce((max, c) => Math.max(max, c.y + c.h), 0);
  const card: PortalCard = {
    i: `card${id}`,
    x: place?.x ?? 0,
    y: place?.y ?? bottom,
    w: place?.w ?? w,
    h: place?.h ?? h,
    jnpfKey: kind,
    title,
    option: { defaultValue: defaultValueOf(kind) },
    dataType: 'static',
    propsApi: '',
    card: { linkType: '' },
  };
  if (kind === 'card') card.children = [];
  if (kind === 'tab') card.children = [];
  return card;
}

/**
 * Adds a card at the top level, or inside the card or tab `parentI`; at `place` when it was
 * dropped there, else at the bottom.
 */
export function addCard(
  data: PortalFormData,
  kind: PortalCardKind,
  title: string,
  parentI?: string,
  place?: DropPlace,
): PortalFormData {
  const layoutId = data.layoutId + 1;
  if (!parentI)
    return { ...data, layoutId, layout: [...data.layout, newCard(kind, layoutId, title, data.layout, place)] };
  return {
    ...data,
    layoutId,
    layout: mapCards(data.layout, (card) =>
      card.i === parentI && card.children
        ? { ...card, children: [...card.children, newCard(kind, layoutId, title, card.children, place)] }
        : card,
    ),
  };
}

/** Applies `change` to every card, nested ones included. */
export function mapCards(cards: readonly PortalCard[], change: (card: PortalCard) => PortalCard): PortalCard[] {
  return cards.map((card) => {
    const changed = change(card);
    return changed.children ? { ...changed, children: mapCards(changed.children, change) } : changed;
  });
}

export function findCard(cards: readonly PortalCard[], i: string): PortalCard | undefined {
  for (const card of cards) {
    if (card.i === i) return card;
    const inner = card.children && findCard(card.children, i);
    if (inner) return inner;
  }
  return undefined;
}

export function updateCard(data: PortalFormData, i: string, patch: Partial<PortalCard>): PortalFormData {
  return { ...data, layout: mapCards(data.layout, (card) => (card.i === i ? { ...card, ...patch } : card)) };
}

export function removeCard(data: PortalFormData, i: string): PortalFormData {
  const without = (cards: readonly PortalCard[]): PortalCard[] =>
    cards.filter((c) => c.i !== i).map((c) => (c.children ? { ...c, children: without(c.children) } : c));
  return { ...data, layout: without(data.layout) };
}

/**
 * The cards of one grid (the top level, or a card's or tab's children) placed where the grid says;
 * cards the grid does not name keep their place. Answers the same array when nothing moved, so a
 * grid's first report after mounting saves nothing.
 */
export function placeCards(cards: readonly PortalCard[], places: readonly GridPlace[]): readonly PortalCard[] {
  const byId = new Map(places.map((p) => [p.i, p]));
  let moved = false;
  const placed = cards.map((card) => {
    const place = byId.get(card.i);
    if (!place || (place.x === card.x && place.y === card.y && place.w === card.w && place.h === card.h)) return card;
    moved = true;
    return { ...card, x: place.x, y: place.y, w: place.w, h: place.h };
  });
  return moved ? placed : cards;
}

/** `placeCards` on the grid whose parent is `parentI` (none: the top level). */
export function placeIn(
  data: PortalFormData,
  parentI: string | undefined,
  places: readonly GridPlace[],
): PortalFormData {
  if (!parentI) {
    const layout = placeCards(data.layout, places);
    return layout === data.layout ? data : { ...data, layout: [...layout] };
  }
  const parent = findCard(data.layout, parentI);
  if (!parent?.children) return data;
  const children = placeCards(parent.children, places);
  return children === parent.children ? data : updateCard(data, parentI, { children: [...children] });
}

/** A card's grid place. */
export const placeOf = (card: PortalCard): GridPlace => ({ i: card.i, x: card.x, y: card.y, w: card.w, h: card.h });

/** The refresh interval in ms of a portal's dynamic cards; 0 = never. */
export const refreshMillis = (data: PortalFormData): number =>
  data.refresh.autoRefresh && data.refresh.autoRefreshTime > 0 ? data.refresh.autoRefreshTime * 1000 : 0;

/** Reads formData text; an unreadable one is an empty portal rather than a broken home page. */
export const readFormData = (text: string | null | undefined): PortalFormData =>
  parsePortalFormData(text) ?? emptyPortalFormData();

export const writeFormData = (data: PortalFormData): string => JSON.stringify(data);

/** The rows a chart draws as categories (x axis) and series (one per `type`). */
export function seriesOf(rows: readonly Record<string, unknown>[]): {
  names: string[];
  series: { name: string; values: number[] }[];
} {
  const names: string[] = [];
  const types: string[] = [];
  const values = new Map<string, number>();
  for (const row of rows) {
    const name = String(row.name ?? '');
    const type = String(row.type ?? '');
    if (!names.includes(name)) names.push(name);
    if (!types.includes(type)) types.push(type);
    values.set(`${type}\u0000${name}`, Number(row.value) || 0);
  }
  return {
    names,
    series: types.map((type) => ({ name: type, values: names.map((name) => values.get(`${type}\u0000${name}`) ?? 0) })),
  };
}

/** What a province's full name ends with, longest first; the map names provinces without it. */
const provinceSuffixes = ['维吾尔自治区', '壮族自治区', '回族自治区', '特别行政区', '自治区', '省', '市'];

/** A province as the map names it: '广东省' -> '广东', '广西壮族自治区' -> '广西', '北京市' -> '北京'. */
export function provinceName(name: string): string {
  const trimmed = name.trim();
  const suffix = provinceSuffixes.find((s) => trimmed.endsWith(s) && trimmed.length > s.length);
  return suffix ? trimmed.slice(0, -suffix.length) : trimmed;
}

/** A map card's rows as one value per province (rows of several `type`s add up). */
export function provinceValues(rows: readonly Record<string, unknown>[]): { name: string; value: number }[] {
  const totals = new Map<string, number>();
  for (const row of rows) {
    const name = provinceName(String(row.name ?? ''));
    if (name) totals.set(name, (totals.get(name) ?? 0) + (Number(row.value) || 0));
  }
  return [...totals].map(([name, value]) => ({ name, value }));
}
