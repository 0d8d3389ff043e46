import {
  REPORT_FILE_FORMAT,
  type ReportFile,
  ReportFile as ReportFileSchema,
  type ReportImportResult,
} from '@platform/shared';
import type { Downloads } from '../../core/downloads.ts';
import { type DuplicateMode, parseEntityFile, randomSuffix, withSuffix } from '../../core/entity-import.ts';
import { NotFoundError } from '../../core/errors.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import { ReportRepository } from './report.repository.ts';
import { definitionOf, type ReportService } from './report.service.ts';

/** A report definition's export to a `.json` file and its import (protocol-admin.md section 0). */
export class ReportTransferService {
  constructor(
    private readonly db: Db,
    private readonly reports: ReportService,
    private readonly downloads: Downloads,
  ) {}

  async export(id: string): Promise<{ url: string }> {
    const row = await new ReportRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    const file: ReportFile = {
      format: REPORT_FILE_FORMAT,
      version: 1,
      exportedAt: Date.now(),
      report: {
        fullName: row.fullName,
        enCode: row.enCode,
        categoryId: row.categoryId,
        sortCode: row.sortCode,
        enabledMark: row.enabledMark === 1 ? 1 : 0,
        description: row.description,
        ...definitionOf(row),
      },
    };
    const { url } = await this.downloads.save(JSON.stringify(file, null, 2), {
      contentType: 'application/json',
      fileName: `${row.fullName}.json`,
    });
    return { url };
  }

  /**
   * Adds the report of a `.json` file, checked as a new one from the designer is. A report whose
   * code exists is skipped (mode 0) or added with a random suffix on name and code (mode 1).
   */
  async import(content: Buffer, mode: DuplicateMode, session: Session): Promise<ReportImportResult> {
    const input = { ...parseEntityFile(content, ReportFileSchema, 'report.importInvalid').report };
    if (await new ReportRepository(this.db).codeTaken(input.enCode, null)) {
      if (mode === 0) return { id: '', skipped: true };
      const suffix = randomSuffix();
      input.fullName = withSuffix(input.fullName, suffix);
      input.enCode = withSuffix(input.enCode, suffix);
    }
    return { id: await this.reports.create(input, session), skipped: false };
  }
}
