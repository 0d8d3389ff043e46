import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format.ts';
import { EngineField, parseFiles } from '../../components/EngineField.tsx';
import type { OperatorRecord } from '../../wire.ts';

/** 流转记录: who did what at which node, with the opinion and signature. */
/** `handleStatus` 2: the launch record. */
const launchStatus = 2;

export function Records({ records }: { records: OperatorRecord[] }) {
  const { t } = useTranslation('workflow');
  return (
    <Table<OperatorRecord>
      size="small"
      rowKey={(row, i) => row.id ?? `${row.nodeCode}-${i}`}
      pagination={false}
      dataSource={records}
      columns={[
        { title: t('records.nodeName'), dataIndex: 'nodeName', key: 'nodeName', width: 140 },
        {
          title: t('records.userName'),
          dataIndex: 'userName',
          key: 'userName',
          width: 140,
          // A delegated launch's record: the delegate who launched, and the principal launched for.
          render: (user: string, row) =>
            row.handleStatus === launchStatus && row.operatorId
              ? t('records.launchedFor', { user, principal: row.operatorId })
              : user,
        },
        {
          title: t('records.handleTime'),
          dataIndex: 'handleTime',
          key: 'handleTime',
          width: 170,
          render: formatDateTime,
        },
        {
          title: t('records.handleStatus'),
          dataIndex: 'handleStatus',
          key: 'handleStatus',
          width: 110,
          render: (code: number) => (
            <Tag color={code === 0 ? 'error' : code === 1 ? 'success' : 'default'}>
              {t(`common:handleStatus.${code}`, { defaultValue: String(code) })}
            </Tag>
          ),
        },
        { title: t('records.handleOpinion'), dataIndex: 'handleOpinion', key: 'handleOpinion' },
        {
          title: t('records.signImg'),
          dataIndex: 'signImg',
          key: 'signImg',
          width: 120,
          render: (src: string | null) =>
            src && /^(data:image\/|\/|https?:)/.test(src) ? (
              <img src={src} alt={t('records.signImg')} height={32} />
            ) : null,
        },
        {
          title: t('records.fileList'),
          dataIndex: 'fileList',
          key: 'fileList',
          width: 180,
          render: (text: string, row) => {
            const files = parseFiles(text);
            return files.length ? (
              <EngineField
                kind="uploadFile"
                id={`wf-record-${row.id}-files`}
                label={t('records.fileList')}
                value={files}
                readOnly
              />
            ) : null;
          },
        },
      ]}
    />
  );
}
