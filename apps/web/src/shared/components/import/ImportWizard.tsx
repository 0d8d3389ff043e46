import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  type ImportHeader,
  type ImportProgressFrame,
  type ImportResultAnswer,
  type ImportRow,
  importExtensions,
  importMaxRows,
  importProgressMethod,
} from '@platform/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Steps from 'antd/es/steps';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Upload, { type UploadFile } from 'antd/es/upload';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { messageSocket } from '../../api/ws.ts';
import { openDownload } from '../../download.ts';
import { useToast } from '../../toast.tsx';
import { useFocusableScrollBoxes } from '../focusable-scroll.ts';
import { useComponentsTranslation } from '../i18n.ts';
import {
  type EditableRow,
  editableRows,
  editCell,
  hasProblems,
  progressPercent,
  type SheetImportApi,
} from './sheet-import-api.ts';
import './import-wizard.css';

const cellText = (value: ImportRow[string]) => (value === null || value === undefined ? '' : String(value));

/**
 * The generic import wizard (admin.md 2.5: 1000 px, three steps). 1 upload: the template, one
 * .xls/.xlsx file, 下一步 warns '请先上传文件' without one. 2 preview: every cell editable, the
 * server's problem shown under its cell, rows removable, '导入数据为空' when none are left. 3
 * result: counts, the failed rows with their reasons and their export; 关闭 refreshes the list.
 * While the rows are written the server's progress frames move a bar.
 */
export function ImportWizard({
  open,
  title,
  api,
  onClose,
}: {
  open: boolean;
  title?: string;
  api: SheetImportApi;
  onClose: (changed: boolean) => void;
}) {
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
  const filterId = useId();
  const tables = useFocusableScrollBoxes();
  const [progress, setProgress] = useState<{ key: string; done: number; total: number } | null>(null);

  const progressKey = progress?.key;
  useEffect(() => {
    if (!progressKey) return;
    return messageSocket.subscribe(importProgressMethod, (frame) => {
      const { progressKey: key, done, total } = frame as unknown as ImportProgressFrame;
      if (key === progressKey) setProgress((now) => (now && now.key === key ? { key, done, total } : now));
    });
  }, [progressKey]);

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
  const shown = onlyProblems ? rows.filter(hasProblems) : rows;

  const editColumns = headers.map((h) => ({
    title: h.required ? (
      <span>
        <span className="sheet-import-required" aria-hidden="true">
          *
        </span>
        {h.fullName}
      </span>
    ) : (
      h.fullName
    ),
    key: h.id,
    width: 150,
    render: (_: unknown, row: EditableRow) => {
      const problem = row.errors[h.id];
      const problemId = `sheet-import-${row.key}-${h.id}`;
      return (
        <div>
          <Input
            size="small"
            disabled={busy}
            value={cellText(row.cells[h.id])}
            status={problem ? 'error' : undefined}
            aria-label={t('sheetImport.cellLabel', { row: row.key + 1, column: h.fullName })}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => {
              const value = event.target.value;
              setRows((all) => all.map((r) => (r.key === row.key ? editCell(r, h.id, value) : r)));
            }}
          />
          {problem ? (
            <div id={problemId} className="sheet-import-problem">
              {problem}
            </div>
          ) : null}
        </div>
      );
    },
  }));

  const footer =
    step === 0 ? (
      <Space>
        <Button onClick={close}>{t('cancel')}</Button>
        <Button type="primary" loading={busy} onClick={toPreview}>
          {t('sheetImport.next')}
        </Button>
      </Space>
    ) : step === 1 ? (
      <Space>
        <Button disabled={busy} onClick={() => setStep(0)}>
          {t('sheetImport.prev')}
        </Button>
        <Button type="primary" loading={busy} onClick={runImport}>
          {t('sheetImport.start')}
        </Button>
      </Space>
    ) : (
      <Button type="primary" onClick={close}>
        {t('close')}
      </Button>
    );

  return (
    <Modal
      open={open}
      width={1000}
      title={title ?? t('sheetImport.title')}
      maskClosable={false}
      closable={step !== 2 && !busy}
      keyboard={!busy}
      onCancel={close}
      footer={footer}
      destroyOnHidden
    >
      <div ref={tables}>
        <Steps
          size="small"
          current={step}
          className="sheet-import-steps"
          items={[
            { title: t('sheetImport.steps.upload') },
            { title: t('sheetImport.steps.preview') },
            { title: t('sheetImport.steps.result') },
          ]}
        />
        {step === 0 ? (
          <>
            <Alert
              type="info"
              showIcon
              title={t('sheetImport.templateHint', { limit: importMaxRows })}
              action={
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  onClick={async () => {
                    const link = await api.templateDownload().catch(() => null);
                    if (link) openDownload(link.url, link.name);
                  }}
                >
                  {t('sheetImport.template')}
                </Button>
              }
              className="sheet-import-hint"
            />
            <Upload.Dragger
              name="file"
              accept=".xls,.xlsx"
              maxCount={1}
              fileList={files}
              beforeUpload={(file) => {
                if (!importExtensions.test(file.name)) {
                  toast.error(t('sheetImport.wrongType'));
                  return Upload.LIST_IGNORE;
                }
                return true;
              }}
              customRequest={({ file, onSuccess, onError }) => {
                const upload = api.upload(file as File).then(
                  (link) => {
                    onSuccess?.(link);
                    return link.name;
                  },
                  (error: Error) => {
                    onError?.(error);
                    return undefined;
                  },
                );
                pendingUpload.current = upload;
                upload.finally(() => {
                  if (pendingUpload.current === upload) pendingUpload.current = null;
                });
              }}
              onChange={({ file, fileList }) => {
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
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('sheetImport.drop')}</p>
              <p className="ant-upload-hint">{t('sheetImport.accept')}</p>
            </Upload.Dragger>
          </>
        ) : null}
        {step === 1 ? (
          <>
            <div className="sheet-import-summary">
              <span>
                {problemCount
                  ? t('sheetImport.summaryProblems', { total: rows.length, problems: problemCount })
                  : t('sheetImport.summary', { total: rows.length })}
              </span>
              <span className="sheet-import-filter">
                <Switch
                  id={filterId}
                  size="small"
                  checked={onlyProblems}
                  onChange={setOnlyProblems}
                  disabled={!problemCount}
                />
                <label htmlFor={filterId}>{t('sheetImport.onlyProblems')}</label>
              </span>
            </div>
            {progress ? (
              <div className="sheet-import-progress" aria-live="polite">
                <Progress
                  percent={progressPercent(progress.done, progress.total)}
                  aria-label={t('sheetImport.importing')}
                />
                <span>{t('sheetImport.progress', { done: progress.done, total: progress.total })}</span>
              </div>
            ) : null}
            <Table<EditableRow>
              size="small"
              bordered
              rowKey="key"
              dataSource={shown}
              pagination={{ pageSize: 20, showSizeChanger: false }}
              scroll={{ x: 'max-content', y: 400 }}
              locale={{ emptyText: t('empty') }}
              columns={[
                { title: '#', key: 'index', width: 56, render: (_, row) => row.key + 1 },
                ...editColumns,
                {
                  title: t('action'),
                  key: 'action',
                  width: 70,
                  fixed: 'right',
                  render: (_, row) => (
                    <Button
                      type="link"
                      size="small"
                      danger
                      disabled={busy}
                      aria-label={t('sheetImport.removeRow', { row: row.key + 1 })}
                      onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                    >
                      {t('sheetImport.remove')}
                    </Button>
                  ),
                },
              ]}
            />
          </>
        ) : null}
        {step === 2 && result ? (
          <>
            <Result
              status={result.fnum ? 'warning' : 'success'}
              title={result.fnum ? t('sheetImport.someFailed') : t('sheetImport.allOk')}
              subTitle={t('sheetImport.counts', { snum: result.snum, fnum: result.fnum })}
              extra={
                result.fnum ? (
                  <Button
                    icon={<DownloadOutlined />}
                    onClick={async () => {
                      const link = await api.exportFailures(result.failResult).catch(() => null);
                      if (link) openDownload(link.url, link.name);
                    }}
                  >
                    {t('sheetImport.exportFailed')}
                  </Button>
                ) : null
              }
            />
            {result.failResult.length ? (
              <Table<ImportRow>
                size="small"
                bordered
                rowKey={(_, index) => String(index)}
                dataSource={result.failResult}
                pagination={{ pageSize: 10, showSizeChanger: false }}
                scroll={{ x: 'max-content', y: 300 }}
                columns={[
                  ...headers.map((h) => ({ title: h.fullName, dataIndex: h.id, key: h.id, width: 120 })),
                  {
                    title: t('sheetImport.reason'),
                    dataIndex: 'errorsInfo',
                    key: 'errorsInfo',
                    width: 260,
                    fixed: 'right' as const,
                  },
                ]}
              />
            ) : null}
          </>
        ) : null}
      </div>
    </Modal>
  );
}
