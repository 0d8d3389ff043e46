import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  CrudPage,
  useComponentsTranslation,
  useCrudList,
  useUnpagedListQuery,
} from '../../../shared/components/index.ts';
import { Auth } from '../../../shared/shell/permission.tsx';
import { usePermissionsView } from '../../permissionGroup/index.ts';
import { type MenuInfo, menuApi } from '../api.ts';
import { DefinitionsDrawer } from '../components/DefinitionsDrawer.tsx';
import { MenuForm, type MenuTarget } from '../components/MenuForm.tsx';
import { MenuImportDialog } from '../components/MenuImportDialog.tsx';

interface Search {
  keyword: string;
  type?: number;
  enabledMark?: 0 | 1;
}
const emptySearch: Search = { keyword: '' };

/**
 * 系统菜单: each application's menu tree (types 0-8), with state, export/import, permission
 * definitions, and the 权限 view (which permission groups grant a menu, and what one grants of it).
 */
export default function MenuPage() {
  const { t } = useTranslation('menu');
  const { t: c } = useComponentsTranslation();
  const [systemId, setSystemId] = useState<string>();
  const [definitionsOf, setDefinitionsOf] = useState<{ id: string; fullName: string } | null>(null);
  const [importing, setImporting] = useState(false);
  // 权限 on this page opens the menu's own permission definitions; the groups' view is 权限组.
  const permissions = usePermissionsView(t('permissionGroups'));
  const systems = useQuery({ queryKey: ['menu', 'systems'], queryFn: menuApi.systems });
  useEffect(() => {
    if (!systemId && systems.data?.length) setSystemId((systems.data.find((s) => s.isMain) ?? systems.data[0])?.id);
  }, [systemId, systems.data]);
  const list = useUnpagedListQuery<MenuInfo, Search>({
    queryKey: ['menu', 'tree', systemId],
    fetch: (search) => menuApi.tree(systemId as string, { ...search, keyword: search.keyword || undefined }),
    initialSearch: emptySearch,
    enabled: Boolean(systemId),
  });
  const crud = useCrudList<MenuInfo, MenuTarget>(list);
  const types = t('types', { returnObjects: true }) as string[];

  const columns: ColumnsType<MenuInfo> = [
    { title: t('menuName'), dataIndex: 'fullName', key: 'fullName', width: 220 },
    { title: t('menuCode'), dataIndex: 'enCode', key: 'enCode', width: 200 },
    { title: t('type'), dataIndex: 'type', key: 'type', width: 90, render: (value: number) => types[value] ?? value },
    { title: t('urlAddress'), dataIndex: 'urlAddress', key: 'urlAddress', width: 200, ellipsis: true },
    { title: t('icon'), dataIndex: 'icon', key: 'icon', width: 180, ellipsis: true },
    crud.columns.sortCode,
    crud.columns.stateSwitch({ width: 80, toggle: (row) => menuApi.toggleState(row.id) }),
    crud.columns.actions({
      width: 260,
      actions: (row) => [
        row.type <= 1 && {
          key: 'addMenu',
          label: t('addMenu'),
          button: 'btn_add',
          onClick: () => crud.open({ parentId: row.id }),
        },
        crud.edit({ id: row.id }),
        row.type > 1 && {
          key: 'authorize',
          label: t('authorize'),
          button: 'btn_edit',
          onClick: () => setDefinitionsOf({ id: row.id, fullName: row.fullName }),
        },
        {
          key: 'export',
          label: c('buttons.export'),
          button: 'btn_export',
          onClick: () => void menuApi.exportMenu(row.id),
        },
        crud.remove(() => menuApi.remove(row.id)),
        permissions.action({ id: row.id, fullName: row.fullName, objectType: 'module' }),
      ],
    }),
  ];

  return (
    <CrudPage
      crud={crud}
      columns={columns}
      searchTop={
        <Tabs
          size="small"
          activeKey={systemId}
          onChange={setSystemId}
          items={(systems.data ?? []).map((s) => ({ key: s.id, label: s.fullName }))}
        />
      }
      filters={
        <>
          <Form.Item name="type" label={t('type')}>
            <Select allowClear style={{ width: 130 }} options={types.map((label, value) => ({ value, label }))} />
          </Form.Item>
          <Form.Item name="enabledMark" label={c('fields.enabledMark')}>
            <Select
              allowClear
              style={{ width: 100 }}
              options={[
                { value: 1, label: c('enabled') },
                { value: 0, label: c('disabled') },
              ]}
            />
          </Form.Item>
        </>
      }
      actions={
        <>
          <AddButton disabled={!systemId} onClick={() => crud.open({})} />
          <Auth button="btn_import">
            <Button disabled={!systemId} onClick={() => setImporting(true)}>
              {c('buttons.import')}
            </Button>
          </Auth>
        </>
      }
      table={{ expandable: { defaultExpandAllRows: Boolean(list.state.search.keyword) } }}
      tableKey={`${systemId}-${list.updatedAt}`}
    >
      {systemId ? (
        <>
          <MenuForm {...crud.form} systemId={systemId} />
          <MenuImportDialog
            open={importing}
            systemId={systemId}
            onClose={() => setImporting(false)}
            onSaved={list.refetch}
          />
        </>
      ) : null}
      <DefinitionsDrawer menu={definitionsOf} onClose={() => setDefinitionsOf(null)} />
      {permissions.dialog}
    </CrudPage>
  );
}
