import type { PortalFormData } from '@platform/shared';
import type { ReactNode } from 'react';
import { type DropPlace, type GridPlace, placeIn, refreshMillis } from '../layout.ts';
import { type CardContext, CardView } from './CardView.tsx';
import { PortalGrid } from './PortalGrid.tsx';

export interface PortalCanvasProps {
  data: PortalFormData;
  editable: boolean;
  /** The cards were moved or resized: the whole new layout. */
  onChange?: (data: PortalFormData) => void;
  /** Buttons on a card's head (the designer's remove). */
  cardExtra?: (i: string) => ReactNode;
  /** A card was clicked (the designer selects it). */
  onSelect?: (i: string) => void;
  selected?: string;
  /** The size of the palette card being dragged; the grids take drops only then. */
  dropping?: { w: number; h: number } | null;
  /** A palette card was dropped on the grid of `parentI` (none: the top level). */
  onDropped?: (parentI: string | undefined, place: DropPlace) => void;
  /** The top grid's row height (a data screen fits its cards to the window). */
  rowHeight?: number;
  /** Charts on a dark background (a data screen). */
  dark?: boolean;
}

/** A designed portal's cards on their grids, nested cards included; the home page and the designer draw with it. */
export function PortalCanvas({
  data,
  editable,
  onChange,
  cardExtra,
  onSelect,
  selected,
  dropping,
  onDropped,
  rowHeight,
  dark = false,
}: PortalCanvasProps) {
  const refreshMs = refreshMillis(data);
  const placed = (parentI: string | undefined, places: GridPlace[]) => {
    const next = placeIn(data, parentI, places);
    if (next !== data) onChange?.(next);
  };
  const context: CardContext = {
    refreshMs,
    dark,
    renderChildren: (parent, depth) => (
      <PortalGrid
        cards={parent.children ?? []}
        parentI={parent.i}
        depth={depth}
        editable={editable}
        onPlaced={placed}
        renderCard={renderCard}
        dropping={dropping}
        onDropped={onDropped}
      />
    ),
  };
  function renderCard(card: PortalFormData['layout'][number], depth: number) {
    const view = <CardView card={card} depth={depth} context={context} extra={cardExtra?.(card.i)} />;
    if (!onSelect) return view;
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: selection is a designer convenience; the property panel is reachable by keyboard through the palette.
      // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
      <div
        className={selected === card.i ? 'portal-fill portal-selected' : 'portal-fill'}
        onClick={(event) => {
          event.stopPropagation();
          onSelect(card.i);
        }}
      >
        {view}
      </div>
    );
  }
  return (
    <PortalGrid
      cards={data.layout}
      depth={0}
      editable={editable}
      onPlaced={placed}
      renderCard={renderCard}
      dropping={dropping}
      onDropped={onDropped}
      rowHeight={rowHeight}
    />
  );
}
