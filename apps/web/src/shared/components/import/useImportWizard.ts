import {
  type ImportHeader,
  type ImportProgressFrame,
  type ImportResultAnswer,
  importExtensions,
  importProgressMethod,
} from '@platform/shared';
import type { UploadFile } from 'antd/es/upload';
import { useEffect, useMemo, useRef, useState } from 'react';
import { messageSocket } from '../../api/ws.ts';
import { openDownload } from '../../download.ts';
import { useToast } from '../../toast.tsx';
import { useComponentsTranslation } from '../i18n.ts';
import { type EditableRow, editableRows, editCell, hasProblems, type SheetImportApi } from './sheet-import-api.ts';

/** The import's progress as the server's frames report it, under the key the import was sent with. */
export interface ImportProgress {
  key: string;
  done: number;
  total: number;
}

/** Follows the server's progress frames of the import under way. */
function useImportProgress() {
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const progressKey = progress?.key;
  useEffect(() => {
    if (!progressKey) return;
    return messageSocket.subscribe(importProgressMethod, (frame) => {
      const { progressKey: key, done, total } = frame as unknown as ImportProgressFrame;
      if (key === progressKey) setProgress((now) => (now && now.key === key ? { key, done, total } : now));
    });
  }, [progressKey]);
  return [progress, setProgress] as const;
}

/**
 * The import wizard's state and calls (admin.md 2.5): the uploaded file (下一步 pressed during the
 * upload waits for it), the preview's editable rows, the import with its progress and its result.
 */
export function useImportWizard(api: SheetImportApi, onClose: (changed: boolean) => void) {
  const { t } = useComponentsTranslation();
  const toast = useToast();
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [fileName, setFileName] = useState<string>();
  /** The upload under way: 下一步 pressed meanwhile waits for it instead of saying no file was given. */
  const pendingUpload = useRef<Promise<string | undefined> | null>(null);
  const [headers, setHeaders] = useState<ImportHeader[]>([]);
  const [rows, setRows] = useState<EditableRow[]>([]);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [result, setResult] = useState<ImportResultAnswer>();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useImportProgress();

  const restart = () => {
    setStep(0);
    setFiles([]);
    setFileName(undefined);
    pendingUpload.current = null;
    setHeaders([]);
    setRows([]);
    setOnlyProblems(false);
    setResult(undefined);
    setProgress(null);
  };
  const close = () => {
    const changed = Boolean(result?.snum);
    restart();
    onClose(changed);
  };

  /** Refuses a file that is not a sheet; true lets the upload go. */
  const acceptFile = (file: File) => {
    if (importExtensions.test(file.name)) return true;
    toast.error(t('sheetImport.wrongType'));
    return false;
  };
  /** Uploads the file, reporting to the upload list; the preview waits for it until it ends. */
  const upload = (file: File, onSuccess: (link: unknown) => void, onError: (error: Error) => void) => {
    const sent = api.upload(file).then(
      (link) => {
        onSuccess(link);
        return link.name;
      },
      (error: Error) => {
        onError(error);
        return undefined;
      },
    );
    pendingUpload.current = sent;
    sent.finally(() => {
      if (pendingUpload.current === sent) pendingUpload.current = null;
    });
  };
  /** The upload list's change: the one file kept, its stored name once done, nothing after an error or removal. */
  const fileChanged = (file: UploadFile, fileList: UploadFile[]) => {
    if (file.status === 'error') {
      // The request layer has shown the server's message; the file goes (admin.md 7).
      setFiles([]);
      setFileName(undefined);
      return;
    }
    setFiles(fileList.slice(-1));
    if (file.status === 'done') setFileName((file.response as { name: string }).name);
    if (file.status === 'removed') {
      setFileName(undefined);
      pendingUpload.current = null;
    }
  };

  const toPreview = async () => {
    if (!fileName && !pendingUpload.current) {
      toast.warning(t('sheetImport.needFile'));
      return;
    }
    setBusy(true);
    try {
      const name = fileName ?? (await pendingUpload.current);
      // The upload failed meanwhile: the request layer has shown why, and the file is gone.
      if (!name) return;
      const preview = await api.preview(name);
      setHeaders(preview.headerRow);
      setRows(editableRows(preview));
      setStep(1);
    } catch {
      // the request layer shows the server's message
    } finally {
      setBusy(false);
    }
  };

  const runImport = async () => {
    if (!rows.length) {
      toast.warning(t('sheetImport.emptyData'));
      return;
    }
    const key = crypto.randomUUID();
    setBusy(true);
    setProgress({ key, done: 0, total: rows.length });
    try {
      const answer = await api.importData(
        rows.map((r) => r.cells),
        key,
      );
      setResult(answer.data);
      setStep(2);
    } catch {
      // the request layer shows the server's message
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const problemCount = useMemo(() => rows.filter(hasProblems).length, [rows]);
  const download = async (link: Promise<{ name: string; url: string }>) => {
    const got = await link.catch(() => null);
    if (got) openDownload(got.url, got.name);
  };
  return {
    step,
    back: () => setStep(0),
    busy,
    files,
    acceptFile,
    upload,
    fileChanged,
    toPreview,
    headers,
    rows,
    shown: onlyProblems ? rows.filter(hasProblems) : rows,
    problemCount,
    onlyProblems,
    setOnlyProblems,
    editCell: (rowKey: number, column: string, value: string) =>
      setRows((all) => all.map((r) => (r.key === rowKey ? editCell(r, column, value) : r))),
    removeRow: (rowKey: number) => setRows((all) => all.filter((r) => r.key !== rowKey)),
    progress,
    runImport,
    result,
    close,
    downloadTemplate: () => download(api.templateDownload()),
    exportFailures: () => (result ? download(api.exportFailures(result.failResult)) : Promise.resolve()),
  };
}

export type ImportWizardState = ReturnType<typeof useImportWizard>;
