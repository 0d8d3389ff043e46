import type { TestApp } from './test-app.ts';

/** The id of an entry of the business-type dictionary, which a code rule's category names. */
export async function businessType(app: TestApp): Promise<string> {
  const entry = await app.app.db
    .selectFrom('dictionaryData as d')
    .innerJoin('dictionaryType as k', 'k.id', 'd.dictionaryTypeId')
    .select('d.id')
    .where('k.enCode', '=', 'businessType')
    .executeTakeFirstOrThrow();
  return entry.id;
}
