import {
  DATA_INTERFACE_FILE_FORMAT,
  type DataInterfaceFile,
  DataInterfaceFile as DataInterfaceFileSchema,
  type DataInterfaceImportResult,
  type DataInterfaceInput,
  DataInterfaceVariateFile,
  VARIATE_FILE_FORMAT,
} from '@platform/shared';
import type { Downloads } from '../../core/downloads.ts';
import { type DuplicateMode, parseEntityFile, randomSuffix, withSuffix } from '../../core/entity-import.ts';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { DictionaryCache } from '../dictionary/dictionary-cache.ts';
import { DataInterfaceRepository } from './data-interface.repository.ts';
import type { DataInterfaceService } from './data-interface.service.ts';

/**
 * An interface's export to a `.bd` file (with its variables) and its import. An imported
 * interface is created through the service like one from the page, so its SQL, JSON and URL are
 * checked exactly as on save: a file cannot bring in what the editor would refuse.
 */
export class DataInterfaceTransferService {
  constructor(
    private readonly db: Db,
    private readonly interfaces: DataInterfaceService,
    private readonly dictionaries: DictionaryCache,
    private readonly downloads: Downloads,
  ) {}

  async export(id: string): Promise<{ url: string }> {
    const repo = new DataInterfaceRepository(this.db);
    const row = await repo.findById(id);
    if (!row) throw new NotFoundError();
    const category = (await this.dictionaries.entries('DataInterfaceType')).find((entry) => entry.id === row.category);
    const variates = await repo.variates(id);
    const file: DataInterfaceFile = {
      format: DATA_INTERFACE_FILE_FORMAT,
      version: 1,
      exportedAt: Date.now(),
      interface: {
        fullName: row.fullName,
        enCode: row.enCode,
        category: row.category,
        categoryCode: category?.enCode ?? '',
        type: row.type as DataInterfaceInput['type'],
        action: 3,
        hasPage: row.hasPage === 1 ? 1 : 0,
        isPostPosition: row.isPostPosition === 1 ? 1 : 0,
        sortCode: row.sortCode,
        enabledMark: row.enabledMark === 1 ? 1 : 0,
        description: row.description,
        dataConfigJson: row.dataConfigJson,
        dataCountJson: row.dataCountJson,
        dataEchoJson: row.dataEchoJson,
        dataJsJson: row.dataJsJson,
        dataExceptionJson: row.dataExceptionJson,
        fieldJson: row.fieldJson,
        parameterJson: row.parameterJson,
      },
      variates: variates.map((v) => ({ fullName: v.fullName, expression: v.expression })),
    };
    const { url } = await this.downloads.save(JSON.stringify(file, null, 2), {
      contentType: 'application/octet-stream',
      fileName: `${row.fullName}.bd`,
    });
    return { url };
  }

  /** Adds the interface of a `.bd` file: a code that exists is skipped (mode 0) or suffixed (mode 1). */
  async import(content: Buffer, mode: DuplicateMode, session: Session): Promise<DataInterfaceImportResult> {
    const file = parseFile(content);
    const { categoryCode, ...definition } = file.interface;
    const entries = await this.dictionaries.entries('DataInterfaceType');
    const category =
      entries.find((entry) => entry.enCode === categoryCode)?.id ??
      entries.find((e) => e.id === definition.category)?.id;
    if (!category)
      throw new BusinessError('dataInterface.categoryUnknown', { id: categoryCode || definition.category });
    const input: DataInterfaceInput = { ...definition, category };
    if (await new DataInterfaceRepository(this.db).codeTaken(input.enCode, null)) {
      if (mode === 0) return { id: '', skipped: true };
      const suffix = randomSuffix();
      input.fullName = withSuffix(input.fullName, suffix);
      input.enCode = withSuffix(input.enCode, suffix);
    }
    const id = await this.interfaces.create(input, session);
    for (const variate of file.variates) {
      await this.interfaces.createVariate({ interfaceId: id, ...variate }, session);
    }
    return { id, skipped: false };
  }
}

const parseFile = (content: Buffer): DataInterfaceFile =>
  parseEntityFile(content, DataInterfaceFileSchema, 'dataInterface.importInvalid');

/**
 * A variable's export to a `.ffa` file and its import into the interface it belonged to (by id on
 * this installation, else by the interface's code); a name the interface holds is skipped (mode
 * 0, also when the 3.6 upload sends no choice) or taken as a copy (mode 1).
 */
export class VariateTransferService {
  constructor(
    private readonly db: Db,
    private readonly interfaces: DataInterfaceService,
    private readonly downloads: Downloads,
  ) {}

  async export(id: string): Promise<{ url: string }> {
    const repo = new DataInterfaceRepository(this.db);
    const variate = await repo.findVariate(id);
    if (!variate) throw new NotFoundError();
    const owner = await repo.findById(variate.interfaceId);
    const file: DataInterfaceVariateFile = {
      format: VARIATE_FILE_FORMAT,
      version: 1,
      exportedAt: Date.now(),
      interfaceId: variate.interfaceId,
      interfaceCode: owner?.enCode ?? '',
      variate: { fullName: variate.fullName, expression: variate.expression },
    };
    const { url } = await this.downloads.save(JSON.stringify(file, null, 2), {
      contentType: 'application/octet-stream',
      fileName: `${variate.fullName}.ffa`,
    });
    return { url };
  }

  async import(content: Buffer, mode: DuplicateMode, session: Session): Promise<DataInterfaceImportResult> {
    const file = parseEntityFile(content, DataInterfaceVariateFile, 'dataInterface.importInvalid');
    const repo = new DataInterfaceRepository(this.db);
    const owner = (await repo.findById(file.interfaceId)) ?? (await repo.findByCode(file.interfaceCode));
    if (!owner) throw new BusinessError('dataInterface.variateInterfaceUnknown', { code: file.interfaceCode });
    const input = { interfaceId: owner.id, ...file.variate };
    if (await repo.variateNameTaken(owner.id, input.fullName, null)) {
      if (mode === 0) return { id: '', skipped: true };
      return { id: await this.interfaces.addVariateAsCopy(input, session), skipped: false };
    }
    return { id: await this.interfaces.createVariate(input, session), skipped: false };
  }
}
