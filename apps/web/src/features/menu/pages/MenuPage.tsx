import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import type { ColumnsType } from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, usePermission } from '../../../app/permission.tsx';
import {
  ListPage,
  ListTable,
  pruneEmptyChildren,
  RefreshButton,
  SearchBar,
  useComponentsTranslation,
  useConfirm,
  useSuccessToast,
} from '../../../shared/components/index.ts';
import { type MenuInfo, menuApi } from '../api.ts';
import { DefinitionsDrawer } from '../components/DefinitionsDrawer.tsx';
import { MenuForm } from '../components/MenuForm.tsx';
import { MenuImportDialog } from '../components/MenuImportDialog.tsx';

interface Search {
  keyword: string;
  type?: number;
  enabledMark?: 0 | 1;
}
const emptySearch: Search = { keyword: '' };

/** 系统菜单: each application's menu tree (types 0-8), with state, export/import and permission definitions. */
export default function MenuPage() {
  const { t } = useTranslation('menu');
  const { t: c } = useComponentsTranslation();
  const permission = usePermission();
  const [systemId, setSystemId] = useState<string>();
  const [search, setSearch] = useState<Search>(emptySearch);
  const [target, setTarget] = useState<{ id?: string; parentId?: string } | null>(null);
  const [definitionsOf, setDefinitionsOf] = useState<{ id: string; fullName: string } | null>(null);
  const [importing, setImporting] = useState(false);
  const [confirm, confirmHolder] = useConfirm();
  const success = useSuccessToast();
  const systems = useQuery({ queryKey: ['menu', 'systems'], queryFn: menuApi.systems });
  useEffect(() => {
    if (!systemId && systems.data?.length) setSystemId((systems.data.find((s) => s.isMain) ?? systems.data[0])?.id);
  }, [systemId, systems.data]);
  const tree = useQuery({
    queryKey: ['menu', 'tree', systemId, search],
    queryFn: () => menuApi.tree(systemId as string, { ...search, keyword: search.keyword || undefined }),
    enabled: Boolean(systemId),
    retry: false,
  });
  const refetch = () => void tree.refetch();
  const types = t('types', { returnObjects: true }) as string[];

  const columns: ColumnsType<MenuInfo> = [
    { title: t('menuName'), dataIndex: 'fullName', key: 'fullName', width: 220 },
    { title: t('menuCode'), dataIndex: 'enCode', key: 'enCode', width: 200 },
    { title: t('type'), dataIndex: 'type', key: 'type', width: 90, render: (value: number) => types[value] ?? value },
    { title: t('urlAddress'), dataIndex: 'urlAddress', key: 'urlAddress', width: 200, ellipsis: true },
    { title: t('icon'), dataIndex: 'icon', key: 'icon', width: 180, ellipsis: true },
    { title: c('fields.sortCode'), dataIndex: 'sortCode', key: 'sortCode', width: 70, align: 'center' },
    {
      title: c('fields.enabledMark'),
      dataIndex: 'enabledMark',
      key: 'enabledMark',
      width: 80,
      align: 'center',
      render: (value: number, row) => (
        <Switch
          size="small"
          checked={value === 1}
          disabled={!permission.hasBtn('btn_edit')}
          aria-label={value === 1 ? t('disable') : t('enable')}
          onChange={() =>
            confirm(value === 1 ? 'disable' : 'enable', async () => {
              success(await menuApi.toggleState(row.id));
              refetch();
            })
          }
        />
      ),
    },
    {
      title: c('action'),
      width: 260,
      fixed: 'right',
      render: (_, row) => (
        <>
          {row.type <= 1 ? (
            <Auth button="btn_add">
              <Button type="link" size="small" onClick={() => setTarget({ parentId: row.id })}>
                {t('addMenu')}
              </Button>
            </Auth>
          ) : null}
          <Auth button="btn_edit">
            <Button type="link" size="small" onClick={() => setTarget({ id: row.id })}>
              {c('buttons.edit')}
            </Button>
          </Auth>
          {row.type > 1 ? (
            <Auth button="btn_edit">
              <Button type="link" size="small" onClick={() => setDefinitionsOf({ id: row.id, fullName: row.fullName })}>
                {t('authorize')}
              </Button>
            </Auth>
          ) : null}
          <Auth button="btn_export">
            <Button type="link" size="small" onClick={() => void menuApi.exportMenu(row.id)}>
              {c('buttons.export')}
            </Button>
          </Auth>
          <Auth button="btn_remove">
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                confirm('delete', async () => {
                  success(await menuApi.remove(row.id));
                  refetch();
                })
              }
            >
              {c('buttons.remove')}
            </Button>
          </Auth>
        </>
      ),
    },
  ];

  return (
    <ListPage
      search={
        <>
          <Tabs
            size="small"
            activeKey={systemId}
            onChange={setSystemId}
            items={(systems.data ?? []).map((s) => ({ key: s.id, label: s.fullName }))}
          />
          <SearchBar
            values={search}
            onSearch={(v) => setSearch({ ...emptySearch, ...v })}
            onReset={() => setSearch(emptySearch)}
          >
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
          </SearchBar>
        </>
      }
      actions={
        <>
          <Auth button="btn_add">
            <Button type="primary" disabled={!systemId} onClick={() => setTarget({})}>
              {c('buttons.add')}
            </Button>
          </Auth>
          <Auth button="btn_import">
            <Button disabled={!systemId} onClick={() => setImporting(true)}>
              {c('buttons.import')}
            </Button>
          </Auth>
        </>
      }
      tools={<RefreshButton onClick={refetch} loading={tree.isFetching} />}
    >
      {confirmHolder}
      <ListTable<MenuInfo>
        key={`${systemId}-${tree.dataUpdatedAt}`}
        columns={columns}
        dataSource={pruneEmptyChildren(tree.data ?? [])}
        loading={tree.isFetching}
        error={tree.error}
        onRetry={refetch}
        expandable={{ defaultExpandAllRows: Boolean(search.keyword) }}
      />
      {systemId ? (
        <>
          <MenuForm target={target} systemId={systemId} onClose={() => setTarget(null)} onSaved={refetch} />
          <MenuImportDialog
            open={importing}
            systemId={systemId}
            onClose={() => setImporting(false)}
            onSaved={refetch}
          />
        </>
      ) : null}
      <DefinitionsDrawer menu={definitionsOf} onClose={() => setDefinitionsOf(null)} />
    </ListPage>
  );
}
