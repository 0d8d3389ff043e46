import { openDownload } from '../download.ts';
import { useToast } from '../toast.tsx';
import { useComponentsTranslation } from './i18n.ts';

/** A generated file as export calls answer it. */
export interface ExportedFile {
  url: string;
  name?: string;
}

let exports = 0;

/**
 * Runs an export as a person follows it: 正在导出… while the server writes the file, then the
 * download and 已导出 with the file's name (or `what`, the rows it holds). A failed call has had
 * its message from the request layer; the progress toast just goes.
 */
export function useExportTask() {
  const { t } = useComponentsTranslation();
  const toast = useToast();
  return async (run: () => Promise<ExportedFile>, what?: string): Promise<void> => {
    exports += 1;
    const key = `export-${exports}`;
    toast.loading({ key, content: t('exporting'), duration: 0 });
    try {
      const file = await run();
      openDownload(file.url, file.name);
      const name = file.name || what || '';
      toast.success({ key, content: name ? t('exported', { name }) : t('exportedFile'), duration: 3 });
    } catch {
      toast.destroy(key);
    }
  };
}
