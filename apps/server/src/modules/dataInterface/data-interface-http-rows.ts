import type { DataInterfaceDataRow } from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import { type InterfaceDefinition, placeholder } from './data-interface-definition.ts';
import type { Paging, Resolve } from './data-interface-sql-runner.ts';
import { type OutboundLimits, sendChecked } from './outbound-http.ts';

// The rows of static interfaces (their JSON) and HTTP interfaces (an outbound call whose URL,
// query, headers and body take the call's parameters and variables).

/** An answer's rows: a list, an object's `list`, or the object itself; plain values become `{value}`. */
function asRows(data: unknown): DataInterfaceDataRow[] {
  if (Array.isArray(data)) {
    return data.map((item) => (item && typeof item === 'object' ? (item as DataInterfaceDataRow) : { value: item }));
  }
  if (data && typeof data === 'object') {
    const list = (data as { list?: unknown }).list;
    if (Array.isArray(list)) return asRows(list);
    return [data as DataInterfaceDataRow];
  }
  return [];
}

export function staticRows(raw: string): DataInterfaceDataRow[] {
  try {
    return asRows(JSON.parse(raw));
  } catch {
    throw new BusinessError('dataInterface.staticInvalid');
  }
}

/** A request row (query, header, form body) whose value comes from a parameter, a variable, the paging or text. */
interface ValueRow {
  source?: number | undefined;
  defaultValue?: string | number | null | undefined;
}

/** The values an HTTP interface's request takes: placeholders filled, rows read by their source. */
function requestValues(resolve: Resolve, paging: Omit<Paging, 'columns'> | null, rowCap: number) {
  const fill = async (template: string, encode: (s: string) => string) => {
    const parts: string[] = [];
    let last = 0;
    for (const match of template.matchAll(placeholder)) {
      parts.push(template.slice(last, match.index));
      parts.push(encode((await resolve(match[1] === '@', match[2] ?? '')) ?? ''));
      last = (match.index ?? 0) + match[0].length;
    }
    parts.push(template.slice(last));
    return parts.join('');
  };
  const rowValue = async (row: ValueRow) => {
    const given = row.defaultValue === undefined || row.defaultValue === null ? '' : String(row.defaultValue);
    if (row.source === 1) return (await resolve(false, given)) ?? '';
    if (row.source === 2) return (await resolve(true, given)) ?? '';
    if (row.source === 4) {
      if (given === 'currentPage') return String(paging ? Math.floor(paging.offset / paging.limit) + 1 : 1);
      if (given === 'pageSize') return String(paging?.limit ?? rowCap);
      if (given === 'keyword') return paging?.keyword ?? '';
      return '';
    }
    return fill(given, (s) => s);
  };
  return { fill, rowValue };
}

/** An HTTP interface's rows: its request sent through the address guard, the answer read at `responsePath`. */
export async function httpRows(
  definition: InterfaceDefinition,
  resolve: Resolve,
  paging: Omit<Paging, 'columns'> | null,
  limits: OutboundLimits,
  rowCap: number,
): Promise<DataInterfaceDataRow[]> {
  const api = definition.config.apiData;
  if (!api) throw new BusinessError('dataInterface.httpUrl');
  const { fill, rowValue } = requestValues(resolve, paging, rowCap);
  const url = new URL(await fill(api.url, encodeURIComponent));
  for (const row of api.query ?? []) url.searchParams.set(row.field, await rowValue(row));
  const headers: Record<string, string> = {};
  for (const row of api.header ?? []) {
    const value = await rowValue(row);
    if (/[\r\n]/.test(value) || /[\r\n]/.test(row.field)) throw new BusinessError('dataInterface.httpHeader');
    headers[row.field] = value;
  }
  let body: string | null = null;
  if (api.method === 2) {
    const bodyType = api.bodyType ?? 0;
    if (bodyType === 3) {
      body = await fill(api.body ?? '', (s) => JSON.stringify(s).slice(1, -1));
      headers['content-type'] ??= 'application/json';
    } else if (bodyType === 4) {
      body = await fill(api.body ?? '', (s) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`));
      headers['content-type'] ??= 'application/xml';
    } else if (bodyType === 1 || bodyType === 2) {
      const rows = (JSON.parse(api.body || '[]') as { field: string; source?: number; defaultValue?: string }[]) ?? [];
      const form = new URLSearchParams();
      for (const row of rows) form.set(row.field, await rowValue(row));
      body = form.toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    }
  }
  const answer = await sendChecked(
    { url: url.toString(), method: api.method === 2 ? 'POST' : 'GET', headers, body },
    limits,
  );
  if (answer.status < 200 || answer.status >= 300) {
    throw new BusinessError('dataInterface.httpFailed', { reason: `HTTP ${answer.status}` });
  }
  let data: unknown;
  try {
    data = JSON.parse(answer.body);
  } catch {
    throw new BusinessError('dataInterface.httpNotJson');
  }
  for (const key of (api.responsePath ?? '').split('.').filter(Boolean)) {
    data = data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
  }
  return asRows(data);
}
