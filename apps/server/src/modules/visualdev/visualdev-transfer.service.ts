import {
  VISUAL_DEV_FILE_FORMAT,
  type VisualDevFile,
  VisualDevFile as VisualDevFileSchema,
  type VisualDevImportResult,
  type VisualDevInput,
} from '@platform/shared';
import type { Downloads } from '../../core/downloads.ts';
import { type DuplicateMode, parseEntityFile, randomSuffix, withSuffix } from '../../core/entity-import.ts';
import { NotFoundError } from '../../core/errors.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import { FormDefinitionRepository } from './visualdev.repository.ts';
import { draftValues, type FormDefinitionService } from './visualdev.service.ts';

/**
 * A generated form's export to a `.vdd` file (its draft: what the designer edits) and its import as
 * a new, unreleased definition, saved through the service so its JSON is checked as on save.
 */
export class VisualDevTransferService {
  constructor(
    private readonly db: Db,
    private readonly definitions: FormDefinitionService,
    private readonly downloads: Downloads,
  ) {}

  async export(id: string): Promise<{ url: string }> {
    const row = await new FormDefinitionRepository(this.db).findById(id);
    if (row?.formType !== 2) throw new NotFoundError();
    // The file holds what a designer edits: the flow form's own columns stay behind.
    const {
      formType: _f,
      flowType: _t,
      urlAddress: _u,
      appUrlAddress: _a,
      interfaceUrl: _i,
      ...definition
    } = draftValues(row);
    const file: VisualDevFile = {
      format: VISUAL_DEV_FILE_FORMAT,
      version: 1,
      exportedAt: Date.now(),
      definition: {
        ...definition,
        type: row.type as VisualDevInput['type'],
        webType: row.webType as VisualDevInput['webType'],
        enableFlow: row.enableFlow === 1 ? 1 : 0,
      },
    };
    const { url } = await this.downloads.save(JSON.stringify(file, null, 2), {
      contentType: 'application/octet-stream',
      fileName: `${row.fullName}.vdd`,
    });
    return { url };
  }

  /** Adds the definition of a `.vdd` file: a code that exists is skipped (mode 0) or suffixed (mode 1). */
  async import(content: Buffer, mode: DuplicateMode, session: Session): Promise<VisualDevImportResult> {
    const input = parseEntityFile(content, VisualDevFileSchema, 'visualdev.importInvalid').definition;
    if (await new FormDefinitionRepository(this.db).codeTaken(input.enCode, null)) {
      if (mode === 0) return { id: '', skipped: true };
      const suffix = randomSuffix();
      input.fullName = withSuffix(input.fullName, suffix);
      input.enCode = withSuffix(input.enCode, suffix);
    }
    return { id: await this.definitions.create(input, session), skipped: false };
  }
}
