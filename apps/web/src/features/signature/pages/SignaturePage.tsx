import type { SystemSignatureRow } from '@platform/shared';
import Form from 'antd/es/form';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { AddButton, CrudPage, fieldColumn, PickerField, useCrudQuery } from '../../../shared/components/index.ts';
import { signatureApi } from '../api.ts';
import { SignatureForm } from '../components/SignatureForm.tsx';
import '../signature.css';

const initialSearch: { keyword: string; userId?: string } = { keyword: '' };

/** 签名管理: the signatures the administrators keep, each shown by its image, with the users granted it. */
export default function SignaturePage() {
  const { t } = useTranslation('signature');
  const crud = useCrudQuery({ queryKey: ['signature', 'list'], fetch: signatureApi.list, initialSearch });
  const columns: ColumnsType<SystemSignatureRow> = [
    fieldColumn('fullName', t('fullName'), { width: 160 }),
    fieldColumn('enCode', t('enCode'), { width: 150 }),
    fieldColumn('icon', t('icon'), {
      width: 140,
      render: (icon: string, row) => (
        <img src={icon} alt={`${t('icon')} ${row.fullName}`} className="signature-thumbnail" loading="lazy" />
      ),
    }),
    fieldColumn('userNames', t('users'), {
      render: (names: string[]) => (
        <span className="signature-users">
          {names.map((name) => (
            <Tag key={name}>{name}</Tag>
          ))}
        </span>
      ),
    }),
    crud.columns.sortCode,
    crud.columns.creatorTime,
    crud.columns.actions({
      width: 120,
      actions: (row) => [crud.edit({ id: row.id }), crud.remove(() => signatureApi.remove(row.id))],
    }),
  ];
  return (
    <CrudPage
      crud={crud}
      columns={columns}
      filters={
        <Form.Item name="userId" label={t('userFilter')}>
          <PickerField kind="user" className="signature-user-filter" />
        </Form.Item>
      }
      actions={<AddButton onClick={() => crud.open({})} />}
    >
      <SignatureForm {...crud.form} />
    </CrudPage>
  );
}
