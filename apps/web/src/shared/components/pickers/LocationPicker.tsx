import { EnvironmentOutlined } from '@ant-design/icons';
import {
  AUTO_LOCATION_TIMEOUT_MS,
  autoLocationAllowed,
  DEFAULT_LOCATION,
  distanceMetres,
  type GeoPoint,
  LOCATION_MAP_ZOOM,
  LOCATION_PAGE_SIZE,
  LOCATION_SCROLL_THRESHOLD,
  LOCATION_THUMBNAIL,
  type LocationPoi,
  type LocationSettings,
  locationProblem,
  wgs84ToGcj02,
} from '@platform/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { useEffect, useMemo, useRef, useState } from 'react';
import { HttpError } from '../../api/http.ts';
import { useToast } from '../../toast.tsx';
import { useComponentsTranslation } from '../i18n.ts';
import { locationApi } from './api.ts';
import { LocationMap, useStaticMap } from './LocationMap.tsx';
import './pickers.css';

/** The stored value (widgets.md §3 "Location value"), kept as a JSON string. */
export interface LocationValue extends GeoPoint {
  pName: string;
  cName: string;
  adName: string;
  address: string;
  name: string;
  fullAddress: string;
}

export function parseLocation(value: unknown): LocationValue | null {
  if (typeof value !== 'string' || !value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<LocationValue>;
    if (typeof parsed.lng !== 'number' || typeof parsed.lat !== 'number') return null;
    return {
      pName: String(parsed.pName ?? ''),
      cName: String(parsed.cName ?? ''),
      adName: String(parsed.adName ?? ''),
      address: String(parsed.address ?? ''),
      name: String(parsed.name ?? ''),
      lng: parsed.lng,
      lat: parsed.lat,
      fullAddress: String(parsed.fullAddress ?? ''),
    };
  } catch {
    return null;
  }
}

const pointOf = (poi: LocationPoi): GeoPoint => {
  const [lng = Number.NaN, lat = Number.NaN] = poi.location.split(',').map(Number);
  return { lng, lat };
};

function toValue(poi: LocationPoi): LocationValue {
  return {
    pName: poi.pname,
    cName: poi.cityname,
    adName: poi.adname,
    address: poi.address,
    name: poi.name,
    ...pointOf(poi),
    fullAddress: `${poi.pname}${poi.cityname === poi.pname ? '' : poi.cityname}${poi.adname}${poi.address}${poi.name}`,
  };
}

/**
 * The 600 px 选择位置 dialog (widgets.md §2, §4, §5): a keyword box, the map with its centre
 * marker, and the places near the map's centre (or matching the keyword), more loading within 50 px
 * of the list's bottom. Moving the map lists the places around its new centre from page 1; with the
 * location scope on, a move beyond the fine-tune range is refused with 超出微调范围. 确定
 * without a place says 请选择地址; a place beyond the fine-tune range (超出微调范围) or outside every
 * allowed circle (超出规定范围) is refused with that warning. Without a map key the server's answer
 * says what to configure, and the dialog shows it.
 */
function LocationDialog({
  open,
  start,
  settings,
  onOk,
  onCancel,
}: {
  open: boolean;
  start: GeoPoint;
  settings: LocationSettings;
  onOk: (value: LocationValue) => void;
  onCancel: () => void;
}) {
  const { t } = useComponentsTranslation();
  const toast = useToast();
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<LocationPoi | null>(null);
  const [centre, setCentre] = useState<GeoPoint>(start);
  const [zoom, setZoom] = useState(LOCATION_MAP_ZOOM);
  const radius = settings.enableLocationScope ? (settings.adjustmentScope ?? 500) : -1;
  const pages = useInfiniteQuery({
    queryKey: ['picker', 'location', centre.lng, centre.lat, keyword, radius],
    queryFn: ({ pageParam }) =>
      keyword ? locationApi.text(keyword, start, radius, pageParam) : locationApi.around(centre, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.pois.length < LOCATION_PAGE_SIZE ? undefined : all.length + 1),
    enabled: open,
    retry: false,
  });
  const pois = useMemo(() => pages.data?.pages.flatMap((p) => p.pois) ?? [], [pages.data]);
  const box = useRef<HTMLDivElement>(null);
  const problem = pages.error instanceof HttpError ? pages.error.message : pages.error ? t('location.failed') : null;

  const move = (next: GeoPoint) => {
    if (settings.enableLocationScope && distanceMetres(start, next) > (settings.adjustmentScope || 500)) {
      toast.warning(t('location.beyondAdjustment'));
      return;
    }
    setCentre(next);
    setChosen(null);
    box.current?.scrollTo({ top: 0 });
  };

  const confirm = () => {
    if (!chosen) {
      toast.error(t('location.required'));
      return;
    }
    const blocked = locationProblem(pointOf(chosen), start, settings);
    if (blocked) {
      toast.warning(t(`location.${blocked}`));
      return;
    }
    onOk(toValue(chosen));
  };

  return (
    <Modal
      open={open}
      width={600}
      title={t('location.title')}
      maskClosable={false}
      destroyOnHidden
      okText={t('ok')}
      cancelText={t('cancel')}
      onCancel={onCancel}
      onOk={confirm}
    >
      <Input.Search
        size="small"
        aria-label={t('keyword')}
        placeholder={t('location.searchPlaceholder')}
        value={text}
        allowClear
        onChange={(e) => {
          setText(e.target.value);
          if (!e.target.value.trim()) setKeyword('');
        }}
        onSearch={(word) => {
          setKeyword(word.trim());
          setChosen(null);
        }}
      />
      <LocationMap
        centre={centre}
        zoom={zoom}
        start={start}
        chosen={chosen ? pointOf(chosen) : null}
        settings={settings}
        onMove={move}
        onZoom={setZoom}
      />
      <div className="location-centre">
        <EnvironmentOutlined /> {centre.lng.toFixed(6)}, {centre.lat.toFixed(6)}
      </div>
      {problem ? <Alert type="warning" showIcon title={problem} /> : null}
      <div
        className="location-list"
        ref={box}
        onScroll={() => {
          const element = box.current;
          if (!element || !pages.hasNextPage || pages.isFetchingNextPage) return;
          if (element.scrollHeight - element.scrollTop - element.clientHeight <= LOCATION_SCROLL_THRESHOLD)
            void pages.fetchNextPage();
        }}
      >
        {pois.map((poi) => (
          <button
            type="button"
            key={`${poi.id}-${poi.location}`}
            className="user-picker-item"
            aria-pressed={chosen?.id === poi.id}
            onClick={() => setChosen(poi)}
          >
            <EnvironmentOutlined className="user-picker-item-icon" />
            <span className="user-picker-item-text">
              <span className="user-picker-item-name">{poi.name}</span>
              <span className="user-picker-item-organize">
                {poi.distance ? `${poi.distance}m | ` : ''}
                {poi.address}
              </span>
            </span>
          </button>
        ))}
        {pages.isLoading || pages.isFetchingNextPage ? (
          <div className="user-picker-state">
            <Spin size="small" />
          </div>
        ) : null}
      </div>
    </Modal>
  );
}

/**
 * Auto-location (widgets.md §3, §5, §9): an empty field asks the device where it is (high accuracy,
 * 1500 ms) once, and takes the nearest place the map service lists there. Skipped outside every
 * allowed circle; a failure is only logged ("location failed"), the field stays empty.
 */
function useAutoLocation(enabled: boolean, settings: LocationSettings, onChange?: (value: string) => void) {
  const tried = useRef(false);
  const alive = useRef(true);
  const latest = useRef({ settings, onChange });
  latest.current = { settings, onChange };
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  useEffect(() => {
    if (!enabled || tried.current || typeof navigator === 'undefined' || !navigator.geolocation) return;
    tried.current = true;
    const failed = (reason: unknown) => console.warn('location failed', reason);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const point = wgs84ToGcj02({ lng: position.coords.longitude, lat: position.coords.latitude });
        if (!autoLocationAllowed(point, latest.current.settings)) return;
        locationApi
          .around(point, 1)
          .then(({ pois }) => {
            const nearest = pois[0];
            if (nearest && alive.current) latest.current.onChange?.(JSON.stringify(toValue(nearest)));
          })
          .catch(failed);
      },
      (error) => failed(error.message),
      { enableHighAccuracy: true, timeout: AUTO_LOCATION_TIMEOUT_MS },
    );
  }, [enabled]);
}

/** The location field: the chosen place's full address, a button opening the dialog, and clearing. */
export function LocationPicker({
  value,
  onChange,
  disabled,
  clearable = true,
  settings = {},
  id,
}: {
  value?: unknown;
  onChange?: (value: string) => void;
  disabled?: boolean;
  clearable?: boolean;
  settings?: LocationSettings;
  id?: string;
}) {
  const { t } = useComponentsTranslation();
  const [open, setOpen] = useState(false);
  // Each opening starts from the field's point, not where the map was left last time.
  const [opening, setOpening] = useState(0);
  const current = parseLocation(value);
  const start = current ? { lng: current.lng, lat: current.lat } : DEFAULT_LOCATION;
  useAutoLocation(settings.autoLocation === true && !current && !disabled, settings, onChange);
  return (
    <div className="location-field">
      {current ? <LocationThumbnail point={current} name={current.fullAddress || current.name} /> : null}
      <Button
        id={id}
        size="small"
        icon={<EnvironmentOutlined />}
        disabled={disabled}
        onClick={() => {
          setOpening((n) => n + 1);
          setOpen(true);
        }}
      >
        {current ? t('location.change') : t('location.add')}
      </Button>
      {current ? <span className="location-address">{current.fullAddress || current.name}</span> : null}
      {current && clearable && !disabled ? (
        <Button size="small" type="link" onClick={() => onChange?.('')}>
          {t('location.clear')}
        </Button>
      ) : null}
      <LocationDialog
        key={opening}
        open={open}
        start={start}
        settings={settings}
        onCancel={() => setOpen(false)}
        onOk={(next) => {
          setOpen(false);
          onChange?.(JSON.stringify(next));
        }}
      />
    </div>
  );
}

/** The field's small map of the chosen place (widgets.md §7: zoom 19, 80*80); nothing when the map service cannot draw it. */
function LocationThumbnail({ point, name }: { point: GeoPoint; name: string }) {
  const { zoom, width, height } = LOCATION_THUMBNAIL;
  const map = useStaticMap(point, zoom, width, height);
  if (!map.data || map.isPlaceholderData) return null;
  return <img className="location-thumbnail" src={map.data.image} alt={name} width={width} height={height} />;
}

export function LocationView({ value }: { value: unknown }) {
  const current = parseLocation(value);
  return <>{current ? current.fullAddress || current.name : ''}</>;
}
