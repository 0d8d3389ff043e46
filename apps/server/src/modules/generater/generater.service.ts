import type { Readable } from 'node:stream';
import { ClassName, type CodePreviewAnswer, type DownloadCodeForm, type GeneratedFile } from '@platform/shared';
import { Value } from 'typebox/value';
import yazl from 'yazl';
import type { Downloads } from '../../core/downloads.ts';
import { BusinessError } from '../../core/errors.ts';
import { migrationNames } from '../../db/migrate.ts';
import type { FormDefinitionService } from '../visualdev/visualdev.service.ts';
import { folderTree, type GenerateOptions, generateArea } from './generate-area.ts';

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

/**
 * Code generation (admin.md 7): a released form becomes an area of this project, previewed as a
 * file tree or downloaded as a zip. Only the released version is generated from, never the draft.
 */
export class GeneraterService {
  constructor(
    private readonly definitions: FormDefinitionService,
    private readonly downloads: Downloads,
  ) {}

  async preview(id: string, form: DownloadCodeForm): Promise<CodePreviewAnswer> {
    return { list: folderTree(await this.files(id, form, 'generater.notReleasedPreview')) };
  }

  /** The zip is written to the download store as yazl produces it, never held whole. */
  async download(id: string, form: DownloadCodeForm) {
    const files = await this.files(id, form, 'generater.notReleasedDownload');
    const zip = new yazl.ZipFile();
    const mtime = new Date();
    for (const file of files) zip.addBuffer(Buffer.from(file.fileContent), file.filePath, { mtime });
    zip.end();
    const fileName = `${form.module}.zip`;
    const saved = await this.downloads.save(zip.outputStream as Readable, { contentType: 'application/zip', fileName });
    return { name: fileName, url: saved.url };
  }

  private async files(
    id: string,
    form: DownloadCodeForm,
    notReleased: 'generater.notReleasedPreview' | 'generater.notReleasedDownload',
  ): Promise<GeneratedFile[]> {
    const released = await this.definitions.releasedVersion(id);
    if (!released) throw new BusinessError(notReleased);
    const options: GenerateOptions = {
      module: form.module,
      className: form.className || form.module,
      subClassNames: subClassNames(form.subClassName),
      description: form.description?.trim() || released.fullName,
      tablePrefix: form.tablePrefix ?? '',
      migrationNumber: nextMigration(),
    };
    return generateArea({ fullName: released.fullName, form: released.form, list: released.list }, options);
  }
}
