import type { Db, Trx } from '../../db/database.ts';
import type { GeneratedFileText } from '../../db/schema.ts';

export interface StoredGeneration {
  files: GeneratedFileText[];
  generatedAt: Date;
  generatedBy: string;
}

/** The files of each form's last code download. */
export class GeneraterRepository {
  constructor(private readonly db: Db | Trx) {}

  async last(visualDevId: string): Promise<StoredGeneration | undefined> {
    const row = await this.db
      .selectFrom('codeGeneration')
      .select(['files', 'creatorTime', 'creatorUserName'])
      .where('visualDevId', '=', visualDevId)
      .executeTakeFirst();
    return row && { files: row.files, generatedAt: row.creatorTime, generatedBy: row.creatorUserName };
  }

  async save(visualDevId: string, files: GeneratedFileText[], generatedBy: string): Promise<void> {
    const values = { files: JSON.stringify(files), creatorTime: new Date(), creatorUserName: generatedBy };
    await this.db
      .insertInto('codeGeneration')
      .values({ visualDevId, ...values })
      .onConflict((conflict) => conflict.column('visualDevId').doUpdateSet(values))
      .execute();
  }
}
