import type { PortalRow } from '@platform/shared';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  CrudPage,
  fieldColumn,
  ImportButton,
  useCrudQuery,
  useDictionaryCategory,
  useSuccessToast,
} from '../../../shared/components/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { portalApi } from '../api.ts';
import { PortalDesigner } from '../components/PortalDesigner.tsx';
import { PortalForm } from '../components/PortalForm.tsx';
import { RoleDefaultDialog } from '../components/RoleDefaultDialog.tsx';

const initialSearch: { keyword: string; category?: string } = { keyword: '' };

/** 门户设计: portals by category, each opening the card designer, with copy, export, import and role defaults. */
export default function PortalListPage() {
  const { t } = useTranslation('portal');
  const category = useDictionaryCategory<PortalRow>({
    dictionary: 'portalDesigner',
    value: 'enCode',
    label: t('category'),
    placeholder: t('allCategories'),
  });
  const success = useSuccessToast();
  const patchUserInfo = useSession((s) => s.patchUserInfo);
  const makeHome = async (id: string) => {
    success(await portalApi.setDefault(id));
    patchUserInfo({ portalId: id });
  };
  const crud = useCrudQuery({ queryKey: ['portal', 'list'], fetch: portalApi.list, initialSearch });
  const [designing, setDesigning] = useState<PortalRow | null>(null);
  const [roles, setRoles] = useState<PortalRow | null>(null);
  const columns: ColumnsType<PortalRow> = [
    fieldColumn('fullName', t('fullName'), { width: 200 }),
    fieldColumn('enCode', t('enCode'), { width: 160 }),
    category.column,
    fieldColumn('type', t('type'), {
      width: 100,
      render: (type: number) => t(`types.${type}`, { defaultValue: String(type) }),
    }),
    fieldColumn('enabledLock', t('enabledLock'), {
      width: 80,
      render: (lock: number) => (lock === 1 ? t('locked') : ''),
    }),
    crud.columns.creatorTime,
    crud.columns.sortCode,
    crud.columns.stateSwitch({ width: 90, toggle: (row) => portalApi.toggleState(row.id) }),
    crud.columns.actions({
      width: 400,
      actions: (row) => [
        ...(row.type === 0
          ? [{ key: 'design', label: t('design'), button: 'btn_edit', onClick: () => setDesigning(row) }]
          : []),
        crud.edit({ id: row.id }),
        crud.copy(t('copyQuestion'), () => portalApi.copy(row.id)),
        { key: 'roles', label: t('roleDefault.action'), button: 'btn_edit', onClick: () => setRoles(row) },
        crud.download(() => portalApi.exportFile(row.id)),
        crud.remove(() => portalApi.remove(row.id)),
      ],
      // Whoever designs portals may open one as their own home, a role or not (issue 36).
      more: (row) => ({
        items: [
          {
            key: 'home',
            label: t('setHome'),
            disabled: row.enabledMark !== 1,
            onClick: () => void makeHome(row.id),
          },
        ],
      }),
    }),
  ];
  return (
    <CrudPage
      crud={crud}
      columns={columns}
      filters={category.filter}
      actions={
        <>
          <AddButton onClick={() => crud.open({})} />
          <ImportButton accept=".vp" upload={portalApi.importFile} onSaved={crud.list.refetch} />
        </>
      }
    >
      <PortalForm {...crud.form} categories={category.options} />
      <PortalDesigner portal={designing} onClose={() => setDesigning(null)} />
      <RoleDefaultDialog portal={roles} onClose={() => setRoles(null)} />
    </CrudPage>
  );
}
