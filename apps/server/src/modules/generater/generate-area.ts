import type { GeneratedFile, GeneratedFolder } from '@platform/shared';
import { type AreaSource, areaModel, type GenerateOptions } from './area-model.ts';
import { renderBrowserTest } from './render-browser-test.ts';
import { renderMigration, renderSharedSchema, renderTableTypes } from './render-data.ts';
import { renderApiTest, renderReadme } from './render-docs.ts';
import { renderRepository, renderRoutes, renderService } from './render-server.ts';
import { renderWebApi, renderWebDefinition, renderWebLocale, renderWebPage, renderWebPages } from './render-web.ts';
import { renderWebForm, sectionTitles } from './render-web-form.ts';

export type { AreaSource, GenerateOptions } from './area-model.ts';

/**
 * The area a released form becomes, as files at their paths in this repository (issue 40). Pure:
 * the same definition and options give the same files, so preview and download cannot differ.
 */
export function generateArea(source: AreaSource, options: GenerateOptions): GeneratedFile[] {
  const model = areaModel(source, options);
  const m = model.module;
  const written = options.formStyle === 'written';
  const sections = written ? sectionTitles(source.form) : [];
  const server = `apps/server/src/modules/${m}`;
  const web = `apps/web/src/features/${m}`;
  type Entry = [string, GeneratedFile['fileType'], string];
  const files: Entry[] = [
    [`packages/shared/src/schemas/${m}.ts`, 'shared', renderSharedSchema(model)],
    [`apps/server/src/db/${m}-tables.ts`, 'server', renderTableTypes(model)],
    [`apps/server/src/db/migrations/${model.migration}.ts`, 'server', renderMigration(model)],
    [`${server}/${m}.repository.ts`, 'server', renderRepository(model)],
    [`${server}/${m}.service.ts`, 'server', renderService(model)],
    [`${server}/${m}.routes.ts`, 'server', renderRoutes(model)],
    [`apps/server/test/${m}.test.ts`, 'test', renderApiTest(model)],
    [`${web}/api.ts`, 'web', renderWebApi(model)],
    [`${web}/definition.ts`, 'web', renderWebDefinition(model, source.form)],
    ...(written
      ? [[`${web}/components/${model.className}Form.tsx`, 'web', renderWebForm(model, source.form)] satisfies Entry]
      : []),
    [`${web}/pages/${model.className}Page.tsx`, 'web', renderWebPage(model)],
    [`${web}/pages.ts`, 'web', renderWebPages(model)],
    ...(['zh-CN', 'zh-TW', 'en'] as const).map((language): [string, GeneratedFile['fileType'], string] => [
      `${web}/locales/${language}.ts`,
      'web',
      renderWebLocale(model, language, sections),
    ]),
    [`apps/web/e2e/${m}.e2e.ts`, 'test', renderBrowserTest(model)],
  ];
  const readme = `${m}-README.md`;
  files.push([
    readme,
    'doc',
    renderReadme(
      model,
      files.map(([path]) => path),
    ),
  ]);
  return files.map(([filePath, fileType, fileContent]) => ({
    id: filePath,
    fileName: filePath.slice(filePath.lastIndexOf('/') + 1),
    fileType,
    filePath,
    fileContent,
  }));
}

/** The preview's tree: one folder per directory, in the order the files were generated. */
export function folderTree(files: readonly GeneratedFile[]): GeneratedFolder[] {
  const folders = new Map<string, GeneratedFolder>();
  for (const file of files) {
    const cut = file.filePath.lastIndexOf('/');
    const dir = cut < 0 ? '.' : file.filePath.slice(0, cut);
    const folder = folders.get(dir) ?? { id: `dir:${dir}`, fileName: dir, children: [] };
    folder.children.push(file);
    folders.set(dir, folder);
  }
  return [...folders.values()];
}
