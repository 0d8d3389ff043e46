/** A caller of the API as a signed-in administrator (`signedInWithApi`'s `call`). */
type Call = <T>(method: string, url: string, body?: unknown) => Promise<T>;

/** An interface parameter as the interface form saves it. */
export interface InterfaceParameter {
  field: string;
  fieldName: string;
  dataType: 'varchar' | 'int';
}

/** The id of the first entry of dictionary `enCode` (DataInterfaceType, ReportSort...). */
export async function firstEntryOf(call: Call, enCode: string): Promise<string> {
  const all = await call<{ list: { enCode: string; dictionaryList: { id: string }[] }[] }>(
    'GET',
    '/api/system/DictionaryData/All',
  );
  const id = all.list.find((d) => d.enCode === enCode)?.dictionaryList[0]?.id;
  if (!id) throw new Error(`the dictionary ${enCode} has no entry`);
  return id;
}

/**
 * A data interface made through the API as an administrator would, enabled, in the first interface
 * category: SQL (`sql`) or static rows (`rows`). Answers its id.
 */
export async function createInterface(
  call: Call,
  spec: { fullName: string; enCode: string; parameters?: InterfaceParameter[] } & (
    | { sql: string }
    | { rows: object[] }
  ),
): Promise<string> {
  const created = await call<{ id: string }>('POST', '/api/system/DataInterface', {
    fullName: spec.fullName,
    enCode: spec.enCode,
    category: await firstEntryOf(call, 'DataInterfaceType'),
    type: 'sql' in spec ? 1 : 2,
    action: 3,
    hasPage: 0,
    enabledMark: 1,
    sortCode: 0,
    dataConfigJson: JSON.stringify(
      'sql' in spec ? { sqlData: { dbLinkId: '0', sql: spec.sql } } : { staticData: JSON.stringify(spec.rows) },
    ),
    parameterJson: JSON.stringify((spec.parameters ?? []).map((p) => ({ ...p, required: 0 }))),
    fieldJson: '[]',
  });
  return created.id;
}
