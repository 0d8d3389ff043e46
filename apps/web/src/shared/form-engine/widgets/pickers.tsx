import {
  DEFAULT_AREA_LEVEL,
  type FormField,
  type LocationCircle,
  type LocationSettings,
  valueFacetsOf,
} from '@platform/shared';
import { AreaNamesView, AreaPicker } from '../../components/pickers/AreaPicker.tsx';
import type { PickerKind, PickerMode } from '../../components/pickers/api.ts';
import { LocationPicker, LocationView } from '../../components/pickers/LocationPicker.tsx';
import { PickedNames, PickerField } from '../../components/pickers/PickerField.tsx';
import type { FieldKind, ViewProps, WidgetProps } from './types.ts';

const modes: readonly PickerMode[] = ['all', 'custom', 'auth'];
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);

/**
 * The picker settings of a field: `selectType` all / custom / auth (anything else is all), the
 * allowed ids of custom mode (`ableIds`, and the designer's per-type lists ableDepIds, ablePosIds,
 * ableUserIds, ableRoleIds, ableGroupIds), `hasSys` for the user picker's 系统变量 tab.
 */
export function pickerSettings(field: FormField) {
  const mode = modes.find((m) => m === field.selectType) ?? 'all';
  const ableIds = [
    ...strings(field.ableIds),
    ...strings(field.ableDepIds),
    ...strings(field.ablePosIds),
    ...strings(field.ableUserIds),
    ...strings(field.ableRoleIds),
    ...strings(field.ableGroupIds),
  ];
  return { mode, ableIds, multiple: field.multiple === true, hasSys: field.hasSys === true };
}

function pickerKind(kind: PickerKind): FieldKind {
  const edit = ({ field, value, onChange, disabled, id }: WidgetProps) => {
    const settings = pickerSettings(field);
    return (
      <PickerField
        id={id}
        kind={kind}
        {...settings}
        clearable={field.clearable !== false}
        value={value as string | string[] | undefined}
        onChange={onChange}
        disabled={disabled}
        {...(typeof field.placeholder === 'string' && field.placeholder ? { placeholder: field.placeholder } : {})}
        {...(typeof field.popupTitle === 'string' && field.popupTitle ? { title: field.popupTitle } : {})}
      />
    );
  };
  const view = ({ field, value }: ViewProps) => {
    const { mode, ableIds } = pickerSettings(field);
    return <PickedNames kind={kind} value={value} mode={mode} ableIds={ableIds} />;
  };
  return { edit, view };
}

const levelOf = (field: FormField) =>
  typeof field.level === 'number' && field.level >= 0 && field.level <= 3 ? field.level : DEFAULT_AREA_LEVEL;

/** areaSelect: id paths of `level`+1 ids (level 0 province ... 3 street), one or several. */
export const areaKind: FieldKind = {
  edit: ({ field, value, onChange, disabled, id }: WidgetProps) => (
    <AreaPicker
      id={id}
      value={value}
      onChange={onChange}
      level={levelOf(field)}
      multiple={field.multiple === true}
      disabled={disabled}
      clearable={field.clearable !== false}
      {...(typeof field.placeholder === 'string' && field.placeholder ? { placeholder: field.placeholder } : {})}
    />
  ),
  view: ({ field, value }: ViewProps) => <AreaNamesView value={value} multiple={field.multiple === true} />,
};

const circleOf = (raw: unknown): LocationCircle[] => {
  if (!raw || typeof raw !== 'object') return [];
  const c = raw as Record<string, unknown>;
  const [lng, lat, radius] = [Number(c.lng), Number(c.lat), Number(c.radius)];
  return Number.isFinite(lng) && Number.isFinite(lat) && radius > 0 ? [{ lng, lat, radius }] : [];
};

/** The location field's settings (widgets.md §3 "Location settings"). */
export function locationSettingsOf(field: FormField): LocationSettings {
  return {
    autoLocation: field.autoLocation === true,
    enableLocationScope: field.enableLocationScope === true,
    ...(typeof field.adjustmentScope === 'number' ? { adjustmentScope: field.adjustmentScope } : {}),
    enableDesktopLocation: field.enableDesktopLocation === true,
    locationScope: Array.isArray(field.locationScope) ? field.locationScope.flatMap(circleOf) : [],
  };
}

export const locationKind: FieldKind = {
  edit: ({ field, value, onChange, disabled, id }: WidgetProps) => (
    <LocationPicker
      id={id}
      value={value}
      onChange={onChange}
      disabled={disabled}
      clearable={field.clearable !== false}
      settings={locationSettingsOf(field)}
    />
  ),
  view: ({ value }: ViewProps) => <LocationView value={value} />,
};

const peoplePickers: readonly string[] = [
  'organize',
  'department',
  'position',
  'role',
  'group',
  'user',
  'users',
] satisfies readonly PickerKind[];
const isPeoplePicker = (of: string | null | undefined): of is PickerKind => !!of && peoplePickers.includes(of);

/**
 * The people or organisation picker of a kind, the one its shared entry names (`picker`): what the
 * kind opens is said once, in packages/shared. A kind naming none is a mistake of the registry.
 */
export function peoplePickerKind(key: string): FieldKind {
  const of = valueFacetsOf(key)?.picker;
  if (!isPeoplePicker(of)) throw new Error(`the kind ${key} opens no people or organisation picker`);
  return pickerKind(of);
}
