import type { TestApp } from './test-app.ts';

/** The id of an entry of seeded dictionary `typeEnCode`: what a category or a dictionary field holds. */
export async function dictionaryEntry(t: TestApp, typeEnCode: string): Promise<string> {
  const entry = await t.app.db
    .selectFrom('dictionaryData as d')
    .innerJoin('dictionaryType as k', 'k.id', 'd.dictionaryTypeId')
    .select('d.id')
    .where('k.enCode', '=', typeEnCode)
    .executeTakeFirstOrThrow();
  return entry.id;
}

/** The id of an entry of the business-type dictionary, which a code rule's category names. */
export const businessType = (t: TestApp): Promise<string> => dictionaryEntry(t, 'businessType');
