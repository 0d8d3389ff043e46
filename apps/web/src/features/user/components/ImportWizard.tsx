import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { Envelope, FileLink, UserImportRow } from '@platform/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Steps from 'antd/es/steps';
import Table from 'antd/es/table';
import Upload, { type UploadFile } from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useComponentsTranslation } from '../../../shared/components/index.ts';
import { useToast } from '../../../shared/toast.tsx';
import { download, type ImportPreview, type ImportResult, userApi } from '../api.ts';

const accepted = /\.xlsx?$/i;

type Row = UserImportRow & { key: number };

/**
 * The import wizard (1000 px, admin.md 2.5, §4, §5): 1 upload (template download, .xls/.xlsx
 * only, next disabled without a file), 2 preview (rows can be removed; back allowed), 3 result
 * (counts, failed rows with their reasons and their export; only 关闭, which refreshes the list).
 */
export function ImportWizard({ open, onClose }: { open: boolean; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation('user');
  const { t: c } = useComponentsTranslation();
  const toast = useToast();
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [fileName, setFileName] = useState<string>();
  const [preview, setPreview] = useState<ImportPreview>();
  const [rows, setRows] = useState<Row[]>([]);
  const [result, setResult] = useState<ImportResult>();
  const [busy, setBusy] = useState(false);

  const restart = () => {
    setStep(0);
    setFiles([]);
    setFileName(undefined);
    setPreview(undefined);
    setRows([]);
    setResult(undefined);
  };
  const close = () => {
    const changed = Boolean(result?.snum);
    restart();
    onClose(changed);
  };

  const toPreview = async () => {
    if (!fileName) {
      toast.warning(t('import.needFile'));
      return;
    }
    setBusy(true);
    try {
      const data = await userApi.importPreview(fileName);
      setPreview(data);
      setRows(data.dataRow.map((row, key) => ({ ...row, key })));
      setStep(1);
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  const runImport = async () => {
    if (!rows.length) {
      toast.warning(t('import.emptyData'));
      return;
    }
    setBusy(true);
    try {
      const answer = await userApi.importData(rows.map(({ key: _key, ...row }) => row));
      setResult(answer.data);
      setStep(2);
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  const exportFailures = async () => {
    if (!result?.failResult.length) return;
    download(await userApi.exportFailures(result.failResult));
  };

  const headerColumns = (preview?.headerRow ?? []).map((h) => ({
    title: h.fullName,
    dataIndex: h.id,
    key: h.id,
    width: 120,
    ellipsis: true,
  }));

  const footer =
    step === 0 ? (
      <Space>
        <Button onClick={close}>{c('cancel')}</Button>
        <Button type="primary" disabled={!fileName} loading={busy} onClick={toPreview}>
          {t('import.next')}
        </Button>
      </Space>
    ) : step === 1 ? (
      <Space>
        <Button onClick={() => setStep(0)}>{t('import.prev')}</Button>
        <Button type="primary" loading={busy} onClick={runImport}>
          {t('import.start')}
        </Button>
      </Space>
    ) : (
      <Button type="primary" onClick={close}>
        {t('import.close')}
      </Button>
    );

  return (
    <Modal
      open={open}
      width={1000}
      title={t('import.title')}
      maskClosable={false}
      closable={step !== 2}
      onCancel={close}
      footer={footer}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 16 }}
        items={[
          { title: t('import.steps.upload') },
          { title: t('import.steps.preview') },
          { title: t('import.steps.result') },
        ]}
      />
      {step === 0 ? (
        <>
          <Alert
            type="info"
            showIcon
            title={t('import.templateHint')}
            action={
              <Button
                size="small"
                icon={<DownloadOutlined />}
                onClick={async () => download(await userApi.templateDownload())}
              >
                {t('import.template')}
              </Button>
            }
            style={{ marginBottom: 12 }}
          />
          <Upload.Dragger
            name="file"
            accept=".xls,.xlsx"
            maxCount={1}
            action={userApi.uploadAction}
            headers={userApi.uploadHeaders()}
            fileList={files}
            beforeUpload={(file) => {
              if (!accepted.test(file.name)) {
                toast.error(t('import.wrongType'));
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            onChange={({ file, fileList }) => {
              const answer = file.response as Envelope<FileLink> | undefined;
              if (file.status === 'done' && answer && answer.code !== 200) {
                toast.error(answer.msg);
                setFiles([]);
                setFileName(undefined);
                return;
              }
              setFiles(fileList.slice(-1));
              if (file.status === 'done' && answer?.data) setFileName(answer.data.name);
              if (file.status === 'removed' || file.status === 'error') setFileName(undefined);
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('import.drop')}</p>
            <p className="ant-upload-hint">{t('import.accept')}</p>
          </Upload.Dragger>
        </>
      ) : null}
      {step === 1 ? (
        <Table<Row>
          size="small"
          bordered
          rowKey="key"
          dataSource={rows}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          scroll={{ x: 'max-content', y: 400 }}
          locale={{ emptyText: c('empty') }}
          columns={[
            ...headerColumns,
            {
              title: c('action'),
              key: 'action',
              width: 70,
              fixed: 'right',
              render: (_, row) => (
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                >
                  {t('import.remove')}
                </Button>
              ),
            },
          ]}
        />
      ) : null}
      {step === 2 && result ? (
        <>
          <Result
            status={result.fnum ? 'warning' : 'success'}
            title={result.fnum ? t('import.someFailed') : t('import.allOk')}
            subTitle={`${t('import.success', { snum: result.snum })}，${t('import.failed', { fnum: result.fnum })}`}
            extra={
              result.fnum ? (
                <Button icon={<DownloadOutlined />} onClick={exportFailures}>
                  {t('import.exportFailed')}
                </Button>
              ) : null
            }
          />
          {result.failResult.length ? (
            <Table<UserImportRow>
              size="small"
              bordered
              rowKey={(_, index) => String(index)}
              dataSource={result.failResult}
              pagination={{ pageSize: 10, showSizeChanger: false }}
              scroll={{ x: 'max-content', y: 300 }}
              columns={[
                ...headerColumns,
                { title: t('import.reason'), dataIndex: 'errorsInfo', key: 'errorsInfo', width: 240, fixed: 'right' },
              ]}
            />
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
