import { dictionaryEntry } from './dictionaries.ts';
import type { TestApp } from './test-app.ts';

/** A static interface's definition (its rows as JSON), enabled, in `category`. */
export const staticInterface = (enCode: string, category: string, rows: object[]) => ({
  fullName: enCode,
  enCode,
  category,
  type: 2,
  action: 3,
  hasPage: 0,
  enabledMark: 1,
  sortCode: 0,
  dataConfigJson: JSON.stringify({ staticData: JSON.stringify(rows) }),
  parameterJson: '[]',
  fieldJson: '[]',
});

/** The id of a seeded interface category (an entry of the DataInterfaceType dictionary). */
export const interfaceCategory = (t: TestApp): Promise<string> => dictionaryEntry(t, 'DataInterfaceType');

/** How many calls of `interfaceId` its call log holds. */
export async function interfaceCalls(t: TestApp, interfaceId: string): Promise<number> {
  await t.app.dataInterfaces.log.flush();
  const row = await t.app.db
    .selectFrom('dataInterfaceLog')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('interfaceId', '=', interfaceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
