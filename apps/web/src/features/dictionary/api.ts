import type {
  DictionaryDataInfo,
  DictionaryDataInput,
  DictionaryDataRow,
  DictionaryExportLink,
  DictionarySelectorNode,
  DictionaryTypeInfo,
  DictionaryTypeInput,
  DictionaryTypeNode,
  Envelope,
} from '@platform/shared';
import { transferApi } from '../../shared/api/crud-api.ts';
import { http } from '../../shared/api/http.ts';

const types = '/api/system/DictionaryType';
const data = '/api/system/DictionaryData';

/** admin.md §7 "Dictionaries" (protocol-admin.md section 1): the only HTTP of this feature. */
export const dictionaryApi = {
  types: () => http.get<{ list: DictionaryTypeNode[] }>(types).then((d) => d.list),
  /** The category form's parent picker; `id` is the edited category, '0' for a new one. */
  typeSelector: (id: string) =>
    http.get<{ list: DictionarySelectorNode[] }>(`${types}/Selector/${id || '0'}`).then((d) => d.list),
  typeInfo: (id: string) => http.get<DictionaryTypeInfo>(`${types}/${id}`),
  createType: (input: DictionaryTypeInput) => http.post<Envelope<{ id: string }>>(types, input, { envelope: true }),
  updateType: (id: string, input: DictionaryTypeInput) =>
    http.put<Envelope<null>>(`${types}/${id}`, { ...input, id }, { envelope: true }),
  removeType: (id: string) => http.delete<Envelope<null>>(`${types}/${id}`, undefined, { envelope: true }),

  entries: (typeId: string, query: { keyword?: string; isTree: number }, signal?: AbortSignal) =>
    http.get<{ list: DictionaryDataRow[] }>(`${data}/${typeId}`, { typeId, ...query }, { signal }).then((d) => d.list),
  /** The entry form's parent picker: the category itself first (a new entry's parent), then its entries. */
  entrySelector: (typeId: string, id: string | undefined, isTree: number) =>
    http
      .get<{ list: DictionarySelectorNode[] }>(`${data}/${typeId}/Selector/${id || '0'}`, { isTree })
      .then((d) => d.list),
  entryInfo: (id: string) => http.get<DictionaryDataInfo>(`${data}/${id}/Info`),
  createEntry: (input: DictionaryDataInput) => http.post<Envelope<{ id: string }>>(data, input, { envelope: true }),
  updateEntry: (id: string, input: DictionaryDataInput) =>
    http.put<Envelope<null>>(`${data}/${id}`, { ...input, id }, { envelope: true }),
  toggleState: (id: string) => http.put<Envelope<null>>(`${data}/${id}/Actions/State`, undefined, { envelope: true }),
  removeEntry: (id: string) => http.delete<Envelope<null>>(`${data}/${id}`, undefined, { envelope: true }),

  /** A category as a `.bdd` file (its address opens without authorization) and back; `type` 0 skips duplicates, 1 appends them with a random suffix. */
  ...transferApi<{ categoryId: string; added: number }, DictionaryExportLink>(data),
};

/** Category ids the client never lets a person edit, delete or add entries to (protocol-admin.md section 1). */
export const fixedTypeIds: readonly string[] = ['0', '1'];
