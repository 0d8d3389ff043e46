import { UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import List from 'antd/es/list';
import Spin from 'antd/es/spin';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import type { DataNode } from 'antd/es/tree';
import Tree from 'antd/es/tree';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../../app/menu-routes.ts';
import { useMenuTitle } from '../../../app/menu-title.ts';
import { useShell } from '../../../app/shell-store.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useSession } from '../../../shared/session/store.ts';
import { useToast } from '../../../shared/toast.tsx';
import { type BaseInfo, type LogRow, profileApi } from '../api.ts';

/** The state of a section whose server call is missing: said plainly, no made-up data. */
function Unavailable() {
  const { t } = useTranslation('profile');
  return (
    <Empty
      description={
        <span>
          <strong>{t('unavailable')}</strong>
          <br />
          {t('unavailableDetail')}
        </span>
      }
    />
  );
}

function Section<T>({
  query,
  children,
}: {
  query: { isLoading: boolean; isError: boolean; data?: T };
  children: (data: T) => ReactNode;
}) {
  if (query.isLoading) return <Spin />;
  if (query.isError || query.data === undefined) return <Unavailable />;
  return <>{children(query.data)}</>;
}

function BaseInfoSection() {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const queryClient = useQueryClient();
  const user = useSession((s) => s.userInfo);
  const info = useQuery({ queryKey: ['profile', 'baseInfo'], queryFn: profileApi.baseInfo });
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<BaseInfo>();
  const save = useMutation({
    mutationFn: profileApi.saveBaseInfo,
    onSuccess: () => {
      toast.success({ content: t('saved'), duration: 1.5 });
      setEditing(false);
      queryClient.invalidateQueries({ queryKey: ['profile', 'baseInfo'] });
    },
  });
  if (info.isLoading) return <Spin />;
  // Without BaseInfo on the server, what CurrentUser said about the user is shown, read-only.
  const data: BaseInfo = info.data ?? {
    account: user?.userAccount,
    realName: user?.userName,
    mobilePhone: user?.mobilePhone as string | undefined,
    email: user?.email as string | undefined,
    organize: user?.organizeName,
  };
  if (editing && info.data) {
    return (
      <Form
        form={form}
        layout="vertical"
        initialValues={info.data}
        onFinish={(values) => save.mutate(values)}
        style={{ maxWidth: 480 }}
      >
        <Form.Item name="realName" label={t('fields.realName')} rules={[{ required: true }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="mobilePhone" label={t('fields.mobilePhone')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="email" label={t('fields.email')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('save')}
        </Button>{' '}
        <Button onClick={() => setEditing(false)}>{t('cancel')}</Button>
      </Form>
    );
  }
  return (
    <>
      {!info.data && <Alert type="info" showIcon title={t('fromSession')} style={{ marginBottom: 12 }} />}
      <div className="profile-head">
        <Avatar size={64} src={data.headIcon || user?.headIcon || undefined} icon={<UserOutlined />} />
        {info.data && <Button onClick={() => setEditing(true)}>{t('edit')}</Button>}
      </div>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        bordered
        items={[
          { key: 'account', label: t('fields.account'), children: data.account ?? '' },
          { key: 'realName', label: t('fields.realName'), children: data.realName ?? '' },
          { key: 'mobilePhone', label: t('fields.mobilePhone'), children: data.mobilePhone ?? '' },
          { key: 'email', label: t('fields.email'), children: data.email ?? '' },
          { key: 'organize', label: t('fields.organize'), children: data.organize ?? '' },
          { key: 'position', label: t('fields.position'), children: data.position ?? '' },
        ]}
      />
    </>
  );
}

function OrganizeSection() {
  const { t } = useTranslation('profile');
  const organizes = useQuery({ queryKey: ['profile', 'organizes'], queryFn: profileApi.organizes });
  return (
    <Section query={organizes}>
      {(list) => (
        <List
          dataSource={list}
          renderItem={(item) => (
            <List.Item>
              {item.fullName} {item.isDefault && <Tag color="blue">{t('majorOrganize')}</Tag>}
            </List.Item>
          )}
        />
      )}
    </Section>
  );
}

function SubordinateSection() {
  const userId = useSession((s) => s.userInfo?.userId) ?? '';
  const subordinates = useQuery({
    queryKey: ['profile', 'subordinates', userId],
    queryFn: () => profileApi.subordinates(userId),
  });
  return (
    <Section query={subordinates}>
      {(list) => (
        <List
          dataSource={list as { id: string; fullName?: string; realName?: string }[]}
          renderItem={(item) => <List.Item>{item.fullName ?? item.realName}</List.Item>}
        />
      )}
    </Section>
  );
}

/** The menus CurrentUser granted, as a tree (real data, always available). */
function MenusSection() {
  const menuList = useShell((s) => s.menuList);
  const title = useMenuTitle();
  const treeData = useMemo(() => {
    const toNode = (menu: MenuNode): DataNode => ({
      key: menu.id,
      title: title(menu),
      children: menu.children?.map(toNode),
    });
    return menuList.map(toNode);
  }, [menuList, title]);
  return <Tree treeData={treeData} defaultExpandAll selectable={false} />;
}

function LogSection({ category }: { category: 1 | 3 }) {
  const { t } = useTranslation('profile');
  const log = useQuery({ queryKey: ['profile', 'log', category], queryFn: () => profileApi.systemLog(category) });
  return (
    <Section query={log}>
      {(data) => (
        <Table<LogRow>
          rowKey="id"
          dataSource={data.list}
          pagination={false}
          columns={[
            { title: t('fields.time'), dataIndex: 'creatorTime', render: (v: number) => formatDateTime(v) },
            { title: t('fields.ip'), dataIndex: 'ipAddress' },
            { title: t('fields.platform'), dataIndex: 'platForm' },
          ]}
        />
      )}
    </Section>
  );
}

function SignatureSection() {
  const signatures = useQuery({ queryKey: ['profile', 'signatures'], queryFn: profileApi.signatures });
  return (
    <Section query={signatures}>
      {(list) => (
        <List
          dataSource={list}
          renderItem={(item) => (
            <List.Item>
              <img src={item.signImg} alt="" height={60} />
            </List.Item>
          )}
        />
      )}
    </Section>
  );
}

/** /profile (shell.md §7 "Current user"). Each section reads its own call; missing ones say so. */
export default function ProfilePage() {
  const { t } = useTranslation('profile');
  return (
    <Card className="profile-page">
      <Tabs
        tabPlacement="start"
        items={[
          { key: 'base', label: t('tabs.base'), children: <BaseInfoSection /> },
          { key: 'organize', label: t('tabs.organize'), children: <OrganizeSection /> },
          { key: 'subordinate', label: t('tabs.subordinate'), children: <SubordinateSection /> },
          { key: 'menus', label: t('tabs.menus'), children: <MenusSection /> },
          { key: 'signature', label: t('tabs.signature'), children: <SignatureSection /> },
          { key: 'loginLog', label: t('tabs.loginLog'), children: <LogSection category={1} /> },
          { key: 'operationLog', label: t('tabs.operationLog'), children: <LogSection category={3} /> },
        ]}
        destroyOnHidden
      />
      <style>{'.profile-head{display:flex;align-items:center;justify-content:space-between;margin-bottom:12px}'}</style>
    </Card>
  );
}
