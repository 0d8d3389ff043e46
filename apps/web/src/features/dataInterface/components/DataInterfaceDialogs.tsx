import type { DataInterfaceDataRow, DataInterfaceLogRow, DataInterfaceVariateRow } from '@platform/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordLogDialog, useSuccessToast } from '../../../shared/components/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { dataInterfaceApi } from '../api.ts';

/** Which interface a dialog is open for (null: closed). */
export interface DialogTarget {
  id: string;
  fullName: string;
}

const cell = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** 预览: the interface's parameters to fill, 执行, and the rows answered as a table whose columns are the row keys. */
export function PreviewDialog({ target, onClose }: { target: DialogTarget | null; onClose: () => void }) {
  const { t } = useTranslation('dataInterface');
  const [form] = Form.useForm<Record<string, string>>();
  const parameters = useQuery({
    queryKey: ['dataInterface', 'parameters', target?.id],
    queryFn: () => dataInterfaceApi.parameters(target?.id ?? ''),
    enabled: Boolean(target),
    gcTime: 0,
  });
  const run = useMutation({
    mutationFn: (values: Record<string, string>) =>
      dataInterfaceApi.preview(
        target?.id ?? '',
        (parameters.data ?? []).map((p) => ({ field: p.field, defaultValue: values[p.field] ?? '' })),
      ),
  });
  const rows = run.data ?? [];
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return (
    <Modal
      open={Boolean(target)}
      title={`${t('preview')} - ${target?.fullName ?? ''}`}
      width={1000}
      footer={null}
      destroyOnHidden
      onCancel={() => {
        run.reset();
        form.resetFields();
        onClose();
      }}
    >
      <Form
        form={form}
        layout="inline"
        onFinish={(values) => run.mutate(values)}
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        {(parameters.data ?? []).map((p) => (
          <Form.Item key={p.field} name={p.field} label={p.fieldName || p.field} initialValue={p.defaultValue ?? ''}>
            <Input style={{ width: 160 }} />
          </Form.Item>
        ))}
        {parameters.data?.length === 0 ? <span style={{ marginRight: 12 }}>{t('noParameters')}</span> : null}
        <Button type="primary" htmlType="submit" loading={run.isPending}>
          {t('run')}
        </Button>
      </Form>
      {run.isSuccess ? <div style={{ marginBottom: 8 }}>{t('rows', { count: rows.length })}</div> : null}
      <Table<DataInterfaceDataRow>
        size="small"
        rowKey={(_row) => rows.indexOf(_row)}
        dataSource={rows}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        scroll={{ x: 'max-content', y: 400 }}
        columns={keys.map((key) => ({ title: key, dataIndex: key, key, render: cell }))}
      />
    </Modal>
  );
}

/** 接口变量: the interface's variables with their current values; add, edit and remove. */
export function VariablesDialog({ target, onClose }: { target: DialogTarget | null; onClose: () => void }) {
  const { t } = useTranslation('dataInterface');
  const success = useSuccessToast();
  const [form] = Form.useForm<{ fullName: string; expression: string }>();
  const [editing, setEditing] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['dataInterface', 'variates', target?.id],
    queryFn: () => dataInterfaceApi.variates(target?.id ?? ''),
    enabled: Boolean(target),
    gcTime: 0,
  });
  const save = async (values: { fullName: string; expression: string }) => {
    const input = {
      interfaceId: target?.id ?? '',
      fullName: values.fullName.trim(),
      expression: values.expression ?? '',
    };
    success(
      editing ? await dataInterfaceApi.updateVariate(editing, input) : await dataInterfaceApi.createVariate(input),
    );
    setEditing(null);
    form.resetFields();
    await list.refetch();
  };
  return (
    <Modal
      open={Boolean(target)}
      title={`${t('variables')} - ${target?.fullName ?? ''}`}
      width={800}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="inline" onFinish={save} style={{ marginBottom: 12 }}>
        <Form.Item
          name="fullName"
          label={t('variableName')}
          rules={[{ required: true, pattern: /^[A-Za-z_][A-Za-z0-9_]*$/, message: t('rules.fieldPattern') }]}
        >
          <Input maxLength={50} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="expression" label={t('expression')}>
          <Input maxLength={2000} style={{ width: 260 }} placeholder="{@currentUser}" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {editing ? t('save') : t('addVariable')}
        </Button>
      </Form>
      <Table<DataInterfaceVariateRow>
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={false}
        columns={[
          { title: t('variableName'), dataIndex: 'fullName', key: 'fullName', render: (name: string) => `{@${name}}` },
          { title: t('expression'), dataIndex: 'expression', key: 'expression' },
          { title: t('value'), dataIndex: 'value', key: 'value' },
          {
            title: '',
            key: 'actions',
            width: 140,
            render: (_value, row) => (
              <Space>
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    setEditing(row.id);
                    form.setFieldsValue({ fullName: row.fullName, expression: row.expression });
                  }}
                >
                  {t('edit')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={async () => {
                    success(await dataInterfaceApi.removeVariate(row.id));
                    await list.refetch();
                  }}
                >
                  {t('remove')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}

/** 调用日志: the interface's calls, newest first, paged. */
export function LogDialog({ target, onClose }: { target: DialogTarget | null; onClose: () => void }) {
  const { t } = useTranslation('dataInterface');
  return (
    <RecordLogDialog<DataInterfaceLogRow>
      target={target}
      title={t('log')}
      width={1000}
      queryKey={['dataInterface', 'logs']}
      fetch={(id, paging, signal) => dataInterfaceApi.logs(id, paging, signal)}
      onClose={onClose}
      columns={[
        { title: t('invokTime'), dataIndex: 'invokTime', key: 'invokTime', width: 170, render: formatDateTime },
        { title: t('userName'), dataIndex: 'userName', key: 'userName', width: 160 },
        { title: t('invokIp'), dataIndex: 'invokIp', key: 'invokIp', width: 130 },
        { title: t('origin'), dataIndex: 'origin', key: 'origin', width: 90 },
        {
          title: t('invokWasteTime'),
          dataIndex: 'invokWasteTime',
          key: 'invokWasteTime',
          width: 110,
          align: 'right',
        },
        { title: t('invokSize'), dataIndex: 'invokSize', key: 'invokSize', width: 110, align: 'right' },
        {
          title: t('invokState'),
          dataIndex: 'invokState',
          key: 'invokState',
          width: 80,
          render: (state: number, row) =>
            state === 1 ? (
              <Tag color="success">{t('succeeded')}</Tag>
            ) : (
              <Tag color="error" title={row.message}>
                {t('failed')}
              </Tag>
            ),
        },
      ]}
    />
  );
}
