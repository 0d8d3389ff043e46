import type { PermissionGroupRow } from '@platform/shared';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AddButton, CrudPage, useCrudList, useListQuery } from '../../../shared/components/index.ts';
import { permissionGroupApi } from '../api.ts';
import { AdministratorList } from '../components/AdministratorList.tsx';
import { AuthorizeDialog } from '../components/AuthorizeDialog.tsx';
import { type GroupTarget, MembersDialog } from '../components/MembersDialog.tsx';
import { PermissionGroupForm } from '../components/PermissionGroupForm.tsx';

const initialSearch: { keyword: string; enabledMark?: 0 | 1 } = { keyword: '' };

/**
 * 权限组: permission groups, paged and searched by keyword and state; create, edit, copy and
 * delete; 权限成员 chooses who belongs (users, roles, positions, organisations, user groups) and
 * 权限授权 what the group grants.
 */
function GroupList({ tabs }: { tabs: ReactNode }) {
  const { t } = useTranslation('permissionGroup');
  const list = useListQuery<PermissionGroupRow, typeof initialSearch>({
    queryKey: ['permissionGroup', 'list'],
    fetch: (params, signal) => permissionGroupApi.list(params, signal),
    initialSearch,
  });
  // Another page's 权限 opens a group here by its name (?keyword=); 重置 then shows them all.
  const keyword = useSearchParams()[0].get('keyword');
  const { search } = list;
  useEffect(() => {
    if (keyword) search({ keyword });
  }, [keyword, search]);
  const crud = useCrudList<PermissionGroupRow>(list);
  const [members, setMembers] = useState<GroupTarget | null>(null);
  const [granting, setGranting] = useState<GroupTarget | null>(null);
  const columns: ColumnsType<PermissionGroupRow> = [
    { title: t('groupName'), dataIndex: 'fullName', key: 'fullName', width: 200 },
    { title: t('groupCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
    { title: t('memberCount'), dataIndex: 'memberCount', key: 'memberCount', width: 90, align: 'center' },
    crud.columns.description(160),
    crud.columns.creatorTime,
    crud.columns.sortCode,
    crud.columns.state,
    crud.columns.actions({
      width: 330,
      actions: (row) => [
        crud.edit({ id: row.id }),
        crud.remove(() => permissionGroupApi.remove(row.id)),
        { key: 'members', label: t('members'), button: 'btn_edit', onClick: () => setMembers(row) },
        { key: 'authorize', label: t('authorize'), button: 'btn_edit', onClick: () => setGranting(row) },
        crud.copy(t('copyQuestion'), () => permissionGroupApi.copy(row.id)),
      ],
    }),
  ];
  return (
    <CrudPage
      crud={crud}
      columns={columns}
      searchTop={tabs}
      filters={
        <Form.Item name="enabledMark" label={t('state')}>
          <Select
            allowClear
            placeholder={t('states.all')}
            style={{ width: 120 }}
            options={[
              { value: 1, label: t('states.enabled') },
              { value: 0, label: t('states.disabled') },
            ]}
          />
        </Form.Item>
      }
      actions={<AddButton onClick={() => crud.open({})} />}
    >
      <PermissionGroupForm {...crud.form} />
      <MembersDialog group={members} onClose={() => setMembers(null)} onSaved={list.refetch} />
      <AuthorizeDialog group={granting} onClose={() => setGranting(null)} />
    </CrudPage>
  );
}

type Area = 'groups' | 'administrators';

/**
 * 权限授权 (the 3.6 client's permission/authorize): the permission groups, and the tiered
 * administrators (分级管理) who manage an organisation's subtree, which the server guards with the
 * same page.
 */
export default function PermissionGroupPage() {
  const { t } = useTranslation('permissionGroup');
  const [area, setArea] = useState<Area>('groups');
  const tabs = (
    <Tabs
      size="small"
      activeKey={area}
      onChange={(key) => setArea(key as Area)}
      items={[
        { key: 'groups', label: t('groupsTab') },
        { key: 'administrators', label: t('administrators.title') },
      ]}
    />
  );
  return area === 'groups' ? <GroupList tabs={tabs} /> : <AdministratorList tabs={tabs} />;
}
