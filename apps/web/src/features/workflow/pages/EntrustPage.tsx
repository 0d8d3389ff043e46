import { useQuery } from '@tanstack/react-query';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  AddButton,
  CrudPage,
  FormDialog,
  PickerField,
  useCrudList,
  useListQuery,
} from '../../../shared/components/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { delegateApi, templateApi } from '../api.ts';
import type { DelegateRow } from '../wire.ts';

interface EntrustValues {
  toUserId: string;
  type: '0' | '1';
  flowIds?: string[];
  range: [Dayjs, Dayjs];
}

/** 流程委托 (/workFlow/entrust?config=1|2): my delegations and those to me; a delegation runs for a period, for some flows or all. */
export default function EntrustPage() {
  const { t } = useTranslation('workflow');
  const location = useLocation();
  const initial = new URLSearchParams(location.search).get('config') === '2' ? '2' : '1';
  const [side, setSide] = useState<'1' | '2'>(initial);
  const list = useListQuery<DelegateRow, { keyword: string }, { myOrDelagateToMe: string }>({
    queryKey: ['workflow', 'delegates'],
    fetch: (params, signal) => delegateApi.list(params, signal),
    initialSearch: { keyword: '' },
    initialFixed: { myOrDelagateToMe: initial },
  });
  const crud = useCrudList<DelegateRow>(list, { permissions: false });
  const mine = side === '1';
  const columns: ColumnsType<DelegateRow> = [
    {
      title: t(mine ? 'entrust.toUserName' : 'entrust.userName'),
      key: 'who',
      width: 140,
      render: (_, row) => (mine ? row.toUserName : (row.userName ?? '')),
    },
    {
      title: t('entrust.type'),
      dataIndex: 'type',
      key: 'type',
      width: 100,
      render: (type: string) => t(`entrust.types.${type}`, { defaultValue: type }),
    },
    {
      title: t('entrust.flows'),
      dataIndex: 'flowName',
      key: 'flowName',
      width: 200,
      render: (v?: string) => v || t('all'),
    },
    { title: t('entrust.startTime'), dataIndex: 'startTime', key: 'startTime', width: 170, render: formatDateTime },
    { title: t('entrust.endTime'), dataIndex: 'endTime', key: 'endTime', width: 170, render: formatDateTime },
    ...(mine
      ? [
          crud.columns.actions({
            width: 180,
            actions: (row) => [
              crud.edit({ id: row.id }),
              {
                key: 'stop',
                label: t('entrust.stop'),
                onClick: () => crud.act({ text: t('entrust.stopQuestion') }, () => delegateApi.stop(row.id)),
              },
              crud.remove(() => delegateApi.remove(row.id)),
            ],
          }),
        ]
      : []),
  ];
  return (
    <CrudPage
      crud={crud}
      columns={columns}
      searchTop={
        <Tabs
          activeKey={side}
          onChange={(key) => {
            setSide(key as '1' | '2');
            list.setFixed({ myOrDelagateToMe: key });
          }}
          items={[
            { key: '1', label: t('entrust.mine') },
            { key: '2', label: t('entrust.toMe') },
          ]}
        />
      }
      actions={mine ? <AddButton onClick={() => crud.open({})} /> : undefined}
    >
      <EntrustDialog target={crud.form.target} onClose={crud.form.onClose} onSaved={crud.form.onSaved} />
    </CrudPage>
  );
}

function EntrustDialog({
  target,
  onClose,
  onSaved,
}: {
  target: { id?: string } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('workflow');
  const [form] = Form.useForm<EntrustValues>();
  const id = target?.id;
  const templates = useQuery({
    queryKey: ['workflow', 'launchable'],
    queryFn: () => templateApi.launchable({ currentPage: 1, pageSize: 500 }).then((d) => d.list),
    enabled: !!target,
    staleTime: 30_000,
  });
  const info = useQuery({
    queryKey: ['workflow', 'delegate', id],
    queryFn: () => delegateApi.info(id as string),
    enabled: !!id,
    gcTime: 0,
  });
  const names = new Map((templates.data ?? []).map((row) => [row.id, row.fullName]));
  const values: Partial<EntrustValues> | undefined = info.data
    ? {
        toUserId: info.data.toUserId,
        type: info.data.type === '0' ? '0' : '1',
        flowIds: info.data.flowId ? info.data.flowId.split(',') : [],
        range: [dayjs(info.data.startTime), dayjs(info.data.endTime)],
      }
    : undefined;
  return (
    <FormDialog<EntrustValues>
      key={`${id ?? 'new'}-${info.dataUpdatedAt}`}
      open={!!target}
      form={form}
      title={t(id ? 'entrust.edit' : 'entrust.add')}
      loading={!!id && info.isLoading}
      initialValues={values ?? { type: '1', flowIds: [] }}
      onClose={onClose}
      onSaved={onSaved}
      onSubmit={(v) => {
        const flowIds = v.flowIds ?? [];
        const input = {
          toUserId: v.toUserId,
          toUserName: '',
          type: v.type,
          flowId: flowIds.join(','),
          flowName: flowIds.map((f) => names.get(f) ?? f).join(','),
          startTime: v.range[0].valueOf(),
          endTime: v.range[1].valueOf(),
        };
        return id ? delegateApi.update(id, input) : delegateApi.create(input);
      }}
    >
      <Form.Item name="toUserId" label={t('entrust.toUserName')} rules={[{ required: true, message: t('chooseUser') }]}>
        <PickerField kind="user" />
      </Form.Item>
      <Form.Item name="type" label={t('entrust.type')}>
        <Radio.Group
          options={[
            { value: '0', label: t('entrust.types.0') },
            { value: '1', label: t('entrust.types.1') },
          ]}
        />
      </Form.Item>
      <Form.Item name="flowIds" label={t('entrust.flows')} extra={t('entrust.allFlowsHint')}>
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          options={(templates.data ?? []).map((row) => ({ value: row.id, label: row.fullName }))}
        />
      </Form.Item>
      <Form.Item
        name="range"
        label={t('entrust.period')}
        rules={[{ required: true, message: t('entrust.periodRequired') }]}
      >
        <DatePicker.RangePicker showTime />
      </Form.Item>
    </FormDialog>
  );
}
