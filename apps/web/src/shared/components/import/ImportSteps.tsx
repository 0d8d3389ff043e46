import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { type ImportRow, importMaxRows } from '@platform/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Progress from 'antd/es/progress';
import Result from 'antd/es/result';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Upload from 'antd/es/upload';
import { useId } from 'react';
import { useComponentsTranslation } from '../i18n.ts';
import { type EditableRow, progressPercent } from './sheet-import-api.ts';
import type { ImportWizardState } from './useImportWizard.ts';

const cellText = (value: ImportRow[string]) => (value === null || value === undefined ? '' : String(value));

/** Step 1: the template to download and the one .xls/.xlsx file to upload. */
export function UploadStep({ wizard }: { wizard: ImportWizardState }) {
  const { t } = useComponentsTranslation();
  return (
    <>
      <Alert
        type="info"
        showIcon
        title={t('sheetImport.templateHint', { limit: importMaxRows })}
        action={
          <Button size="small" icon={<DownloadOutlined />} onClick={wizard.downloadTemplate}>
            {t('sheetImport.template')}
          </Button>
        }
        className="sheet-import-hint"
      />
      <Upload.Dragger
        name="file"
        accept=".xls,.xlsx"
        maxCount={1}
        fileList={wizard.files}
        beforeUpload={(file) => (wizard.acceptFile(file) ? true : Upload.LIST_IGNORE)}
        customRequest={({ file, onSuccess, onError }) =>
          wizard.upload(
            file as File,
            (link) => onSuccess?.(link),
            (error) => onError?.(error),
          )
        }
        onChange={({ file, fileList }) => wizard.fileChanged(file, fileList)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('sheetImport.drop')}</p>
        <p className="ant-upload-hint">{t('sheetImport.accept')}</p>
      </Upload.Dragger>
    </>
  );
}

/** Step 2: every cell editable with the server's problem under it, rows removable, the progress while importing. */
export function PreviewStep({ wizard }: { wizard: ImportWizardState }) {
  const { t } = useComponentsTranslation();
  const filterId = useId();
  const { busy, rows, problemCount, progress } = wizard;
  const editColumns = wizard.headers.map((h) => ({
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
            onChange={(event) => wizard.editCell(row.key, h.id, event.target.value)}
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
  return (
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
            checked={wizard.onlyProblems}
            onChange={wizard.setOnlyProblems}
            disabled={!problemCount}
          />
          <label htmlFor={filterId}>{t('sheetImport.onlyProblems')}</label>
        </span>
      </div>
      {progress ? (
        <div className="sheet-import-progress" aria-live="polite">
          <Progress percent={progressPercent(progress.done, progress.total)} aria-label={t('sheetImport.importing')} />
          <span>{t('sheetImport.progress', { done: progress.done, total: progress.total })}</span>
        </div>
      ) : null}
      <Table<EditableRow>
        size="small"
        bordered
        rowKey="key"
        dataSource={wizard.shown}
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
                onClick={() => wizard.removeRow(row.key)}
              >
                {t('sheetImport.remove')}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}

/** Step 3: the counts, the failed rows with their reasons and their export. */
export function ResultStep({ wizard }: { wizard: ImportWizardState }) {
  const { t } = useComponentsTranslation();
  const { result } = wizard;
  if (!result) return null;
  return (
    <>
      <Result
        status={result.fnum ? 'warning' : 'success'}
        title={result.fnum ? t('sheetImport.someFailed') : t('sheetImport.allOk')}
        subTitle={t('sheetImport.counts', { snum: result.snum, fnum: result.fnum })}
        extra={
          result.fnum ? (
            <Button icon={<DownloadOutlined />} onClick={wizard.exportFailures}>
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
            ...wizard.headers.map((h) => ({ title: h.fullName, dataIndex: h.id, key: h.id, width: 120 })),
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
  );
}
