import {
  PRINT_DEV_FILE_FORMAT,
  type PrintDevFile,
  PrintDevFile as PrintDevFileSchema,
  type PrintDevImportResult,
} from '@platform/shared';
import type { Downloads } from '../../core/downloads.ts';
import { type DuplicateMode, parseEntityFile, randomSuffix, withSuffix } from '../../core/entity-import.ts';
import { NotFoundError } from '../../core/errors.ts';
import { sanitizePrintTemplate } from '../../core/sanitize.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import { PrintDevRepository } from './print-dev.repository.ts';
import type { PrintDevService } from './print-dev.service.ts';

/** A print template's export to a `.bp` file and its import (protocol-admin.md sections 0 and 8). */
export class PrintDevTransferService {
  constructor(
    private readonly db: Db,
    private readonly templates: PrintDevService,
    private readonly downloads: Downloads,
  ) {}

  async export(id: string): Promise<{ url: string }> {
    const row = await new PrintDevRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    const file: PrintDevFile = {
      format: PRINT_DEV_FILE_FORMAT,
      version: 1,
      exportedAt: Date.now(),
      template: {
        fullName: row.fullName,
        enCode: row.enCode,
        category: row.category,
        type: row.type === 1 ? 1 : 2,
        formId: row.formId,
        sourceType: row.sourceType,
        dbLinkId: row.dbLinkId,
        sqlTemplate: row.sqlTemplate,
        parameterJson: row.parameterJson,
        interfaceId: row.interfaceId,
        interfaceName: row.interfaceName,
        printTemplate: sanitizePrintTemplate(row.printTemplate),
        pageParam: row.pageParam,
        sortCode: row.sortCode,
        enabledMark: row.enabledMark === 1 ? 1 : 0,
        description: row.description,
      },
    };
    const { url } = await this.downloads.save(JSON.stringify(file, null, 2), {
      contentType: 'application/octet-stream',
      fileName: `${row.fullName}.bp`,
    });
    return { url };
  }

  /**
   * Adds the template of a `.bp` file, checked as a new one from the page is. A template whose code
   * exists is skipped (mode 0) or added with a random suffix on name and code (mode 1).
   */
  async import(content: Buffer, mode: DuplicateMode, session: Session): Promise<PrintDevImportResult> {
    const input = { ...parseFile(content).template };
    if (await new PrintDevRepository(this.db).codeTaken(input.enCode, null)) {
      if (mode === 0) return { id: '', skipped: true };
      const suffix = randomSuffix();
      input.fullName = withSuffix(input.fullName, suffix);
      input.enCode = withSuffix(input.enCode, suffix);
    }
    return { id: await this.templates.create(input, session), skipped: false };
  }
}

const parseFile = (content: Buffer): PrintDevFile =>
  parseEntityFile(content, PrintDevFileSchema, 'printDev.importInvalid');
