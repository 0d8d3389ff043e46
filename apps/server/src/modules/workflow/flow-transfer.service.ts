import {
  FLOW_TEMPLATE_FILE_FORMAT,
  FlowTemplateFile,
  type FlowTemplateImportResult,
  type FlowTemplateInput,
} from '@platform/shared';
import type { Downloads } from '../../core/downloads.ts';
import { type DuplicateMode, parseEntityFile, randomSuffix, withSuffix } from '../../core/entity-import.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { FlowDefinitionService } from './definition.service.ts';
import { FlowDefinitionRepository } from './flow-definition.repository.ts';

/**
 * A flow template's export to a `.ffe` file and its import (protocol-admin.md section 0, as the
 * portals' `.vp` go). The file holds the template and each flow's main graph; an import adds a new
 * template whose flows start at version 1, not released, so nobody launches them before a designer
 * has looked (the graphs are checked on release, as any other).
 */
export class FlowTransferService {
  constructor(
    private readonly db: Db,
    private readonly definitions: FlowDefinitionService,
    private readonly downloads: Downloads,
  ) {}

  async export(id: string): Promise<{ url: string }> {
    const template = await this.definitions.portable(id);
    const file: FlowTemplateFile = { format: FLOW_TEMPLATE_FILE_FORMAT, version: 1, exportedAt: Date.now(), template };
    const { url } = await this.downloads.save(JSON.stringify(file, null, 2), {
      contentType: 'application/octet-stream',
      fileName: `${template.fullName}.ffe`,
    });
    return { url };
  }

  /** Adds the template of a `.ffe` file; a taken code is skipped (mode 0) or suffixed (mode 1). */
  async import(content: Buffer, mode: DuplicateMode, session: Session): Promise<FlowTemplateImportResult> {
    const input: FlowTemplateInput = {
      ...parseEntityFile(content, FlowTemplateFile, 'workflow.importInvalid').template,
    };
    if (await new FlowDefinitionRepository(this.db).codeTaken(input.enCode, null)) {
      if (mode === 0) return { id: '', skipped: true };
      const suffix = randomSuffix();
      input.fullName = withSuffix(input.fullName, suffix);
      input.enCode = withSuffix(input.enCode, suffix);
    }
    return { id: (await this.definitions.create(input, session)).id, skipped: false };
  }
}
