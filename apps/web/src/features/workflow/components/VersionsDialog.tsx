import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../shared/components/confirm.tsx';
import { useSuccessToast } from '../../../shared/components/FormDialog.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { templateApi } from '../api.ts';
import type { FlowVersionRow } from '../wire.ts';

/** 版本管理: a flow's versions; one is the main version (enabledMark 1), another can become it or go. */
export function VersionsDialog({
  template,
  onClose,
}: {
  template: { id: string; fullName: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('workflow');
  const [confirm, holder] = useConfirm();
  const success = useSuccessToast();
  const [flowId, setFlowId] = useState<string | undefined>();
  const [paging, setPaging] = useState({ currentPage: 1, pageSize: 20 });
  const flows = useQuery({
    queryKey: ['workflow', 'flows', template?.id],
    queryFn: () => templateApi.flows(template?.id ?? ''),
    enabled: !!template,
    gcTime: 0,
  });
  const chosen = flowId ?? flows.data?.[0]?.id;
  const versions = useQuery({
    queryKey: ['workflow', 'versions', template?.id, chosen, paging],
    queryFn: () => templateApi.versions(template?.id ?? '', { ...paging, flowId: chosen ?? '' }),
    enabled: !!template && !!chosen,
    gcTime: 0,
  });
  const act = (text: string, call: () => ReturnType<typeof templateApi.mainVersion>) =>
    confirm.text(text, async () => {
      success(await call());
      void versions.refetch();
    });
  return (
    <Modal
      open={!!template}
      title={`${t('versions.title')} - ${template?.fullName ?? ''}`}
      width={800}
      footer={null}
      onCancel={() => {
        setFlowId(undefined);
        onClose();
      }}
      destroyOnHidden
    >
      {holder}
      <Select
        className="wf-version-flow"
        aria-label={t('versions.flow')}
        value={chosen}
        onChange={(v: string) => setFlowId(v)}
        options={(flows.data ?? []).map((f) => ({ value: f.id, label: f.fullName }))}
        style={{ width: 240, marginBottom: 12 }}
      />
      <Table<FlowVersionRow>
        size="small"
        rowKey="id"
        loading={versions.isFetching}
        dataSource={versions.data?.list ?? []}
        pagination={{
          current: paging.currentPage,
          pageSize: paging.pageSize,
          total: versions.data?.pagination.total ?? 0,
          onChange: (currentPage, pageSize) => setPaging({ currentPage, pageSize }),
        }}
        columns={[
          {
            title: t('versions.version'),
            dataIndex: 'version',
            key: 'version',
            render: (v: string, row) => (
              <>
                V{v} {row.enabledMark === 1 ? <Tag color="success">{t('versions.main')}</Tag> : null}
              </>
            ),
          },
          { title: t('creatorTime'), dataIndex: 'creatorTime', key: 'creatorTime', width: 170, render: formatDateTime },
          {
            title: t('action'),
            key: 'action',
            width: 200,
            render: (_, row) =>
              row.enabledMark === 1 ? null : (
                <>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => act(t('versions.mainQuestion'), () => templateApi.mainVersion(row.id))}
                  >
                    {t('versions.setMain')}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => act(t('versions.removeQuestion'), () => templateApi.removeVersion(row.id))}
                  >
                    {t('remove')}
                  </Button>
                </>
              ),
          },
        ]}
      />
    </Modal>
  );
}
