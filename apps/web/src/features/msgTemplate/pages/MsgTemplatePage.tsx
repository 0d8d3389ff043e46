import type { MessageTemplateRow } from '@platform/shared';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { AddButton, CrudPage, DictionaryFilter, useCrudQuery } from '../../../shared/components/index.ts';
import { useMessageKinds } from '../../sendConfig/index.ts';
import { msgTemplateApi } from '../api.ts';
import { MsgTemplateForm } from '../components/MsgTemplateForm.tsx';

const initialSearch: { keyword: string; messageType?: string; messageSource?: string } = { keyword: '' };

/** 消息模板 (admin.md 3.7): searched by keyword, message type and source; state switch, copy and delete. */
export default function MsgTemplatePage() {
  const { t } = useTranslation('msgTemplate');
  const kinds = useMessageKinds<MessageTemplateRow>(t);
  const { typeName } = kinds;
  const crud = useCrudQuery<MessageTemplateRow, typeof initialSearch>({
    queryKey: ['msgTemplate', 'list'],
    fetch: (params, signal) => msgTemplateApi.list(params, signal),
    initialSearch,
  });
  const columns: ColumnsType<MessageTemplateRow> = [
    { title: t('fullName'), dataIndex: 'fullName', key: 'fullName', width: 150, ellipsis: true },
    { title: t('enCode'), dataIndex: 'enCode', key: 'enCode', width: 130, ellipsis: true },
    {
      title: t('messageType'),
      dataIndex: 'messageType',
      key: 'messageType',
      width: 100,
      render: (code: string) => typeName.get(code) ?? code,
    },
    kinds.sourceColumn,
    {
      title: t('templateType'),
      dataIndex: 'templateType',
      key: 'templateType',
      width: 80,
      align: 'center',
      render: (kind: number) => (
        <Tag color={kind === 0 ? 'default' : 'blue'}>{t(`templateTypes.${kind === 0 ? '0' : '1'}`)}</Tag>
      ),
    },
    { title: t('creatorUser'), dataIndex: 'creatorUser', key: 'creatorUser', width: 120, ellipsis: true },
    crud.columns.creatorTime,
    crud.columns.sortCode,
    crud.columns.stateSwitch({ width: 80, toggle: (row) => msgTemplateApi.toggleState(row.id) }),
    crud.columns.actions({
      width: 150,
      actions: (row) => [
        crud.edit({ id: row.id }),
        crud.copy(t('copyConfirm'), () => msgTemplateApi.copy(row.id)),
        crud.remove(() => msgTemplateApi.remove(row.id)),
      ],
    }),
  ];
  return (
    <CrudPage
      crud={crud}
      columns={columns}
      filters={
        <>
          <DictionaryFilter
            name="messageType"
            label={t('messageType')}
            placeholder={t('allTypes')}
            dictionary="msgSendType"
            value="enCode"
          />
          {kinds.sourceFilter}
        </>
      }
      actions={<AddButton onClick={() => crud.open({})} />}
    >
      <MsgTemplateForm {...crud.form} types={kinds.types} sources={kinds.sources} />
    </CrudPage>
  );
}
