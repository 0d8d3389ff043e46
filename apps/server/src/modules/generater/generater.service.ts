import type { Readable } from 'node:stream';
import {
  ClassName,
  type CodePreviewAnswer,
  type DownloadCodeForm,
  type GeneratedFile,
  isAreaNameFree,
  type LastGeneration,
} from '@platform/shared';
import { Value } from 'typebox/value';
import yazl from 'yazl';
import type { Downloads } from '../../core/downloads.ts';
import { BusinessError } from '../../core/errors.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import { migrationNames } from '../../db/migrate.ts';
import type { FormDefinitionService } from '../visualdev/visualdev.service.ts';
import { formatGenerated } from './format-generated.ts';
import { folderTree, type GenerateOptions, generateArea } from './generate-area.ts';
import { GeneraterRepository, type StoredGeneration } from './generater.repository.ts';

/** The number after the repository's last migration, so the generated one sorts last. */
const nextMigration = () => Math.max(0, ...migrationNames.map((name) => Number.parseInt(name, 10) || 0)) + 1;

/** The class names sent for the sub-tables (comma-joined), each checked: they become type and file names. */
function subClassNames(text: string | undefined): string[] {
  const names = (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names)
    if (!Value.Check(ClassName, name)) throw new BusinessError('generater.badClassName', { name });
  return names;
}

/** Each file marked against the last download (added, changed with its old text, unchanged), and what it held that is gone. */
export function compareWithLast(
  files: GeneratedFile[],
  last: StoredGeneration,
): { files: GeneratedFile[]; lastGeneration: LastGeneration } {
  const previous = new Map(last.files.map((file) => [file.filePath, file.fileContent]));
  const marked = files.map((file): GeneratedFile => {
    const before = previous.get(file.filePath);
    if (before === undefined) return { ...file, change: 'added' };
    if (before === file.fileContent) return { ...file, change: 'unchanged' };
    return { ...file, change: 'changed', previousContent: before };
  });
  const generated = new Set(files.map((file) => file.filePath));
  return {
    files: marked,
    lastGeneration: {
      generatedAt: last.generatedAt.getTime(),
      generatedBy: last.generatedBy,
      removed: last.files.map((file) => file.filePath).filter((path) => !generated.has(path)),
    },
  };
}

/**
 * Code generation (admin.md 7): a released form becomes an area of this project, previewed as a
 * file tree or downloaded as a zip. Only the released version is generated from, never the draft.
 */
export class GeneraterService {
  constructor(
    private readonly db: Db,
    private readonly definitions: FormDefinitionService,
    private readonly downloads: Downloads,
  ) {}

  /** The file tree; after a download of the same form, each file says how it differs from that download. */
  async preview(id: string, form: DownloadCodeForm): Promise<CodePreviewAnswer> {
    const files = await this.files(id, form, 'generater.notReleasedPreview');
    const last = await new GeneraterRepository(this.db).last(id);
    if (!last) return { list: folderTree(files) };
    const compared = compareWithLast(files, last);
    return { list: folderTree(compared.files), lastGeneration: compared.lastGeneration };
  }

  /** The zip is written to the download store as yazl produces it, never held whole. */
  async download(id: string, form: DownloadCodeForm, session: Session) {
    const files = await this.files(id, form, 'generater.notReleasedDownload');
    const zip = new yazl.ZipFile();
    const mtime = new Date();
    for (const file of files) zip.addBuffer(Buffer.from(file.fileContent), file.filePath, { mtime });
    zip.end();
    const fileName = `${form.module}.zip`;
    const saved = await this.downloads.save(zip.outputStream as Readable, { contentType: 'application/zip', fileName });
    // Kept once the zip is saved: a download that failed is not the generation the team holds.
    const kept = files.map(({ filePath, fileContent }) => ({ filePath, fileContent }));
    await new GeneraterRepository(this.db).save(id, kept, `${session.realName}/${session.account}`);
    return { name: fileName, url: saved.url };
  }

  private async files(
    id: string,
    form: DownloadCodeForm,
    notReleased: 'generater.notReleasedPreview' | 'generater.notReleasedDownload',
  ): Promise<GeneratedFile[]> {
    const released = await this.definitions.releasedVersion(id);
    if (!released) throw new BusinessError(notReleased);
    // Its files would overwrite one of ours, or its routes sit among ours.
    if (!isAreaNameFree(form.module)) throw new BusinessError('generater.moduleTaken', { name: form.module });
    const options: GenerateOptions = {
      module: form.module,
      className: form.className || form.module,
      subClassNames: subClassNames(form.subClassName),
      description: form.description?.trim() || released.fullName,
      tablePrefix: form.tablePrefix ?? '',
      migrationNumber: nextMigration(),
      formStyle: form.formStyle ?? 'engine',
    };
    return formatGenerated(
      generateArea({ fullName: released.fullName, form: released.form, list: released.list }, options),
    );
  }
}
