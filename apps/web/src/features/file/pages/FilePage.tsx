import type { MergedFile } from '@platform/shared';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Table from 'antd/es/table';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useComponentsTranslation } from '../../../shared/components/i18n.ts';
import { FilePreview, formatSize, type PreviewTarget, UploaderPanel } from '../../../shared/components/upload/index.ts';
import { openDownload } from '../../../shared/download.ts';
import { useToast } from '../../../shared/toast.tsx';
import { fileApi } from '../api.ts';

interface Row {
  fileId: string;
  fileName: string;
  fileSize: number;
}

/** The chunked uploader (admin.md 2.7) with what it uploaded: download one, download all as a zip, preview. */
export default function FilePage() {
  const { t } = useTranslation('file');
  const components = useComponentsTranslation();
  const toast = useToast();
  const [rows, setRows] = useState<Row[]>([]);
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const closePreview = useCallback(() => setPreview(null), []);
  const added = useCallback((file: MergedFile, item: { name: string }) => {
    setRows((list) =>
      list.some((r) => r.fileId === file.name)
        ? list
        : [...list, { fileId: file.name, fileName: item.name, fileSize: file.fileSize }],
    );
  }, []);

  const download = async (row: Row) =>
    openDownload((await fileApi.downloadLink('annex', row.fileId)).url, row.fileName);
  const downloadAll = async () => {
    if (rows.length === 0) {
      toast.warning(t('noFiles'));
      return;
    }
    const pack = await fileApi.packLink(
      'annex',
      rows.map((r) => ({ fileId: r.fileId, fileName: r.fileName })),
    );
    openDownload(pack.downloadVo.url, pack.downloadName);
  };

  return (
    <div className="page-content">
      <Card title={t('title')}>
        <UploaderPanel onSuccess={added} />
      </Card>
      <Card
        title={t('uploaded')}
        style={{ marginTop: 12 }}
        extra={<Button onClick={downloadAll}>{t('downloadAll')}</Button>}
      >
        <Table<Row>
          rowKey="fileId"
          size="small"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: t('name'), dataIndex: 'fileName' },
            { title: t('size'), dataIndex: 'fileSize', width: 140, render: (bytes: number) => formatSize(bytes) },
            {
              title: t('actions'),
              width: 180,
              render: (_, row) => (
                <>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setPreview({ fileId: row.fileId, fileName: row.fileName })}
                  >
                    {components.t('upload.preview')}
                  </Button>
                  <Button type="link" size="small" onClick={() => download(row)}>
                    {components.t('upload.download')}
                  </Button>
                </>
              ),
            },
          ]}
        />
      </Card>
      <FilePreview target={preview} onClose={closePreview} />
    </div>
  );
}
