import {
  PORTAL_FILE_FORMAT,
  type PortalFile,
  PortalFile as PortalFileSchema,
  type PortalImportResult,
} from '@platform/shared';
import type { Downloads } from '../../core/downloads.ts';
import { type DuplicateMode, parseEntityFile, randomSuffix, withSuffix } from '../../core/entity-import.ts';
import { NotFoundError } from '../../core/errors.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import { PortalRepository } from './portal.repository.ts';
import { cleanFormData, type PortalService } from './portal.service.ts';

/** A portal's export to a `.vp` file and its import, as the print templates' `.bp` files go. */
export class PortalTransferService {
  constructor(
    private readonly db: Db,
    private readonly portals: PortalService,
    private readonly downloads: Downloads,
  ) {}

  async export(id: string): Promise<{ url: string }> {
    const row = await new PortalRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    const file: PortalFile = {
      format: PORTAL_FILE_FORMAT,
      version: 1,
      exportedAt: Date.now(),
      portal: {
        fullName: row.fullName,
        enCode: row.enCode,
        category: row.category,
        type: row.type === 1 ? 1 : 0,
        linkType: row.linkType === 1 ? 1 : 0,
        customUrl: row.customUrl,
        enabledLock: row.enabledLock === 1 ? 1 : 0,
        formData: cleanFormData(row.formData),
        sortCode: row.sortCode,
        enabledMark: row.enabledMark === 1 ? 1 : 0,
        description: row.description,
      },
    };
    const { url } = await this.downloads.save(JSON.stringify(file, null, 2), {
      contentType: 'application/octet-stream',
      fileName: `${row.fullName}.vp`,
    });
    return { url };
  }

  /** Adds the portal of a `.vp` file; a taken code is skipped (mode 0) or suffixed (mode 1). */
  async import(content: Buffer, mode: DuplicateMode, session: Session): Promise<PortalImportResult> {
    const input = { ...parseEntityFile(content, PortalFileSchema, 'portal.importInvalid').portal };
    if (await new PortalRepository(this.db).codeTaken(input.enCode, null)) {
      if (mode === 0) return { id: '', skipped: true };
      const suffix = randomSuffix();
      input.fullName = withSuffix(input.fullName, suffix);
      input.enCode = withSuffix(input.enCode, suffix);
    }
    return { id: await this.portals.create(input, session), skipped: false };
  }
}
