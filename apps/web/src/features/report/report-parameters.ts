import type { ReportInfo, ReportRunInput } from '@platform/shared';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * A report's parameters between the search form and the server (issue 39): which control each
 * `jnpfKey` gets, what the control holds (a Dayjs for dates and times, a boolean for a switch) and
 * what the run is sent (epoch ms, 'HH:mm:ss', 1/0, an id, text).
 */

export type ReportParameterDefinition = ReportInfo['parameters'][number];
/** What the run input carries for one parameter. */
export type ReportParameterValue = NonNullable<ReportRunInput['parameters']>[string];
/** Parameter values by name, as a run is sent them and a drill-through starts with them. */
export type ReportParameterValues = Record<string, ReportParameterValue>;

export type ReportControlKind = 'number' | 'date' | 'dateRange' | 'time' | 'switch' | 'picker' | 'text';
/** What a form control holds. */
export type ReportFormValue = string | number | boolean | Dayjs | [Dayjs, Dayjs] | null | undefined;

const controlByKey: Record<string, ReportControlKind> = {
  inputNumber: 'number',
  date: 'date',
  datePicker: 'date',
  dateRange: 'dateRange',
  time: 'time',
  timePicker: 'time',
  switch: 'switch',
  organizeSelect: 'picker',
  depSelect: 'picker',
  posSelect: 'picker',
  roleSelect: 'picker',
  userSelect: 'picker',
};

/** The control a parameter gets; choices (select, radio, cascader, area...) are typed as text for now. */
export const controlOf = (jnpfKey: string): ReportControlKind => controlByKey[jnpfKey] ?? 'text';

/** The picker kind of a person or organisation parameter. */
export const pickerKindOf = (jnpfKey: string) =>
  (
    ({
      organizeSelect: 'organize',
      depSelect: 'department',
      posSelect: 'position',
      roleSelect: 'role',
    }) as const
  )[jnpfKey] ?? 'user';

const TIME_FORMAT = 'HH:mm:ss';

function dayOf(value: unknown): Dayjs | null {
  if (typeof value !== 'number' && !(typeof value === 'string' && value)) return null;
  const day = dayjs(value);
  return day.isValid() ? day : null;
}

const textOf = (value: ReportParameterValue | undefined): string =>
  value === null || value === undefined ? '' : Array.isArray(value) ? value.join(',') : String(value);

/** What a control starts with for a parameter value (a default, or a value a drill-through passes). */
export function formValueOf(jnpfKey: string, value: ReportParameterValue | undefined): ReportFormValue {
  switch (controlOf(jnpfKey)) {
    case 'number': {
      const number = typeof value === 'number' ? value : Number(value);
      return value === null || value === undefined || value === '' || Number.isNaN(number) ? null : number;
    }
    case 'date':
      return dayOf(value);
    case 'dateRange': {
      const [start, end] = Array.isArray(value) ? value.map(dayOf) : [];
      return start && end ? [start, end] : null;
    }
    case 'time':
      return typeof value === 'string' && value ? dayOf(`2000-01-01 ${value}`) : null;
    case 'switch':
      return value === true || value === 1 || value === '1' || value === 'true';
    case 'picker':
      return Array.isArray(value) ? textOf(value[0]) : textOf(value);
    default:
      return textOf(value);
  }
}

/** What the run is sent for a control's value; an empty control is sent as null, so no default replaces it. */
export function parameterValueOf(jnpfKey: string, value: ReportFormValue): ReportParameterValue {
  if (value === null || value === undefined || value === '') return null;
  switch (controlOf(jnpfKey)) {
    case 'date':
      return dayjs.isDayjs(value) ? value.startOf('day').valueOf() : null;
    case 'dateRange':
      // The whole last day is in the range: a query "up to the end" would otherwise stop at its midnight.
      return Array.isArray(value) ? [value[0].startOf('day').valueOf(), value[1].endOf('day').valueOf()] : null;
    case 'time':
      return dayjs.isDayjs(value) ? value.format(TIME_FORMAT) : null;
    case 'switch':
      return value ? 1 : 0;
    case 'number':
      return typeof value === 'number' ? value : null;
    default:
      return typeof value === 'string' ? value : String(value);
  }
}

/** The form's starting values: each parameter's default, or the value given for it (a drill-through's). */
export function startingFormValues(
  parameters: readonly ReportParameterDefinition[],
  given: ReportParameterValues = {},
): Record<string, ReportFormValue> {
  return Object.fromEntries(
    parameters.map((p) => [
      p.name,
      formValueOf(p.jnpfKey, Object.hasOwn(given, p.name) ? given[p.name] : p.defaultValue),
    ]),
  );
}

/** The run's parameters from the form's values: every parameter, by name. */
export function runParameters(
  parameters: readonly ReportParameterDefinition[],
  values: Record<string, ReportFormValue>,
): ReportParameterValues {
  return Object.fromEntries(parameters.map((p) => [p.name, parameterValueOf(p.jnpfKey, values[p.name])]));
}
