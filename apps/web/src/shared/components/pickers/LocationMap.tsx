import { EnvironmentFilled, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import {
  coordinatesText,
  type GeoPoint,
  LOCATION_MAX_ZOOM,
  LOCATION_MIN_ZOOM,
  type LocationSettings,
  metresPerPixel,
  offsetOfPoint,
  pointAtOffset,
} from '@platform/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { useComponentsTranslation } from '../i18n.ts';
import { locationApi } from './api.ts';

/** The dialog's map, in CSS pixels (the 600 px dialog less its padding). */
export const MAP_WIDTH = 552;
export const MAP_HEIGHT = 220;
/** How far an arrow key moves the map. */
const KEY_STEP = 64;
/** A press that moves less than this is a click, not a drag. */
const DRAG_SLOP = 3;

/** A picture of the map from the server, which holds the map service's key. */
export function useStaticMap(centre: GeoPoint, zoom: number, width: number, height: number, enabled = true) {
  return useQuery({
    queryKey: ['picker', 'location', 'map', centre.lng, centre.lat, zoom, width, height],
    queryFn: () => locationApi.staticMap(centre, zoom, width, height),
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    enabled,
  });
}

/**
 * The location dialog's map (widgets.md §2 "a map with a centre marker", §9 zoom 16): a picture of
 * the map around `centre` with the marker in the middle. Dragging it, or the arrow keys, moves the
 * centre (the dialog then lists the places around the new centre); + and − zoom. The fine-tune range
 * around the starting point is drawn blue and the allowed circles green (widgets.md §9); the chosen
 * place is a second marker.
 */
export function LocationMap({
  centre,
  zoom,
  start,
  chosen,
  settings,
  onMove,
  onZoom,
}: {
  centre: GeoPoint;
  zoom: number;
  start: GeoPoint;
  chosen: GeoPoint | null;
  settings: LocationSettings;
  onMove: (centre: GeoPoint) => void;
  onZoom: (zoom: number) => void;
}) {
  const { t } = useComponentsTranslation();
  const map = useStaticMap(centre, zoom, MAP_WIDTH, MAP_HEIGHT);
  const [drag, setDrag] = useState({ dx: 0, dy: 0 });
  const pressed = useRef<{ x: number; y: number; id: number } | null>(null);
  // The picture on screen may still be the previous centre's while the new one loads.
  const shownCentre = map.isPlaceholderData ? null : centre;

  const moveBy = (dx: number, dy: number) => onMove(pointAtOffset(centre, dx, dy, zoom));
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    pressed.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = pressed.current;
    if (!start || start.id !== event.pointerId) return;
    setDrag({ dx: event.clientX - start.x, dy: event.clientY - start.y });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = pressed.current;
    pressed.current = null;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    setDrag({ dx: 0, dy: 0 });
    if (Math.hypot(dx, dy) >= DRAG_SLOP) moveBy(-dx, -dy);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    };
    const by = step[event.key];
    if (by) moveBy(...by);
    else if (event.key === '+' || event.key === '=') onZoom(Math.min(LOCATION_MAX_ZOOM, zoom + 1));
    else if (event.key === '-') onZoom(Math.max(LOCATION_MIN_ZOOM, zoom - 1));
    else return;
    event.preventDefault();
  };

  /** Where a point is drawn on the map box, following the picture while it is dragged. */
  const place = (point: GeoPoint) => {
    const { dx, dy } = offsetOfPoint(point, centre, zoom);
    return { left: MAP_WIDTH / 2 + dx + drag.dx, top: MAP_HEIGHT / 2 + dy + drag.dy };
  };
  const circle = (point: GeoPoint, metres: number, kind: 'adjust' | 'scope', key: string) => {
    const radius = metres / metresPerPixel(point.lat, zoom);
    const at = place(point);
    return (
      <div
        key={key}
        className={`location-map-circle location-map-circle-${kind}`}
        style={{ left: at.left - radius, top: at.top - radius, width: radius * 2, height: radius * 2 }}
      />
    );
  };

  return (
    <div className="location-map-wrap">
      <div
        className="location-map"
        style={{ width: MAP_WIDTH, height: MAP_HEIGHT }}
        role="application"
        aria-roledescription={t('location.map')}
        aria-label={t('location.mapHint')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the map takes the arrow keys, so it must take focus
        tabIndex={0}
        data-centre={coordinatesText(centre)}
        data-zoom={zoom}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          pressed.current = null;
          setDrag({ dx: 0, dy: 0 });
        }}
        onKeyDown={onKeyDown}
      >
        {map.data ? (
          <img
            className="location-map-image"
            src={map.data.image}
            alt=""
            draggable={false}
            width={MAP_WIDTH}
            height={MAP_HEIGHT}
            style={{ transform: `translate(${drag.dx}px, ${drag.dy}px)`, opacity: shownCentre ? 1 : 0.6 }}
          />
        ) : null}
        {settings.enableLocationScope ? circle(start, settings.adjustmentScope || 500, 'adjust', 'adjust') : null}
        {settings.enableDesktopLocation
          ? (settings.locationScope ?? []).map((c, i) => circle(c, c.radius, 'scope', `scope-${i}`))
          : null}
        {chosen ? (
          <EnvironmentFilled className="location-map-marker location-map-chosen" style={place(chosen)} />
        ) : null}
        <EnvironmentFilled className="location-map-marker location-map-centre" aria-hidden />
      </div>
      <div className="location-map-zoom">
        <Button
          size="small"
          icon={<PlusOutlined />}
          aria-label={t('location.zoomIn')}
          disabled={zoom >= LOCATION_MAX_ZOOM}
          onClick={() => onZoom(Math.min(LOCATION_MAX_ZOOM, zoom + 1))}
        />
        <Button
          size="small"
          icon={<MinusOutlined />}
          aria-label={t('location.zoomOut')}
          disabled={zoom <= LOCATION_MIN_ZOOM}
          onClick={() => onZoom(Math.max(LOCATION_MIN_ZOOM, zoom - 1))}
        />
      </div>
    </div>
  );
}
