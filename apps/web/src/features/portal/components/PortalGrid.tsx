import type { PortalCard } from '@platform/shared';
import { type ReactNode, useMemo } from 'react';
import ReactGridLayout, { type Layout, useContainerWidth } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { type DropPlace, type GridPlace, gridColumns, gridMargin, gridRowHeight, placeOf } from '../layout.ts';

export interface PortalGridProps {
  cards: readonly PortalCard[];
  /** The card or tab whose children these are; none at the top level. */
  parentI?: string;
  /** Nesting depth: each grid drags only by its own cards' heads. */
  depth: number;
  editable: boolean;
  /** A drag or resize ended: where the grid's cards are now. */
  onPlaced?: (parentI: string | undefined, places: GridPlace[]) => void;
  renderCard: (card: PortalCard, depth: number) => ReactNode;
  /** The size of the palette card being dragged (the designer); the grid takes drops only then. */
  dropping?: { w: number; h: number } | null;
  /** A palette card was dropped on this grid, at `place`. */
  onDropped?: (parentI: string | undefined, place: DropPlace) => void;
  /** The height of a grid row in px (a data screen fits its cards to the window); 10 unless given. */
  rowHeight?: number;
}

/** The id of the placeholder a palette card shows while it is dragged over a grid. */
const droppingId = '__palette__';

/** The class a card of this depth carries; its head is the grid's drag handle. */
export const depthClass = (depth: number) => `portal-depth-${depth}`;

/**
 * Cards on a 12-column grid; when editable they move by their head and resize from the corner, and
 * a card dragged from the designer's palette drops where the pointer is.
 */
export function PortalGrid({
  cards,
  parentI,
  depth,
  editable,
  onPlaced,
  renderCard,
  dropping,
  onDropped,
  rowHeight = gridRowHeight,
}: PortalGridProps) {
  const { width, containerRef, mounted } = useContainerWidth();
  const layout = useMemo(() => cards.map(placeOf), [cards]);
  const stopped = (next: Layout) =>
    onPlaced?.(
      parentI,
      next.map(({ i, x, y, w, h }) => ({ i, x, y, w, h })),
    );
  return (
    <div ref={containerRef} className="portal-grid">
      {mounted ? (
        <ReactGridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: gridColumns, rowHeight, margin: [gridMargin, gridMargin] }}
          dragConfig={{ enabled: editable, handle: `.${depthClass(depth)} > .ant-card-head` }}
          resizeConfig={{ enabled: editable }}
          onDragStop={stopped}
          onResizeStop={stopped}
          // The innermost grid under the pointer takes the drop (the library stops the event there).
          dropConfig={{ enabled: Boolean(dropping), defaultItem: dropping ?? { w: 6, h: 24 } }}
          droppingItem={{ i: droppingId, x: 0, y: 0, ...(dropping ?? { w: 6, h: 24 }) }}
          onDrop={(_layout, item) => {
            if (item) onDropped?.(parentI, { x: item.x, y: item.y, w: item.w, h: item.h });
          }}
        >
          {cards.map((card) => (
            <div key={card.i} data-card={card.i} className="portal-fill">
              {renderCard(card, depth)}
            </div>
          ))}
        </ReactGridLayout>
      ) : null}
    </div>
  );
}
