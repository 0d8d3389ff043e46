import { PlusOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { checkImageBeforeUpload, type LogRow } from '@platform/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import type { ColumnsType } from 'antd/es/table';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import type { DataNode } from 'antd/es/tree';
import Tree from 'antd/es/tree';
import type { UploadProps } from 'antd/es/upload';
import Upload from 'antd/es/upload';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../shared/components/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useSession } from '../../../shared/session/store.ts';
import type { MenuNode } from '../../../shared/shell/menu-routes.ts';
import { useMenuTitle } from '../../../shared/shell/menu-title.ts';
import { useShell } from '../../../shared/shell/shell-store.ts';
import { useToast } from '../../../shared/toast.tsx';
import { avatarMaxMb, type BaseInfo, type LogCategory, logPageSize, profileApi, type UserOrganize } from '../api.ts';
import { SignaturePad } from '../components/SignaturePad.tsx';

/** A section whose call failed: said plainly, with a retry; no made-up data. */
function LoadFailed({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation('profile');
  return <Empty description={t('loadFailed')}>{onRetry && <Button onClick={onRetry}>{t('retry')}</Button>}</Empty>;
}

function Section<T>({
  query,
  children,
}: {
  query: { isLoading: boolean; isError: boolean; data?: T; refetch?: () => unknown };
  children: (data: T) => ReactNode;
}) {
  if (query.isLoading) return <Spin />;
  if (query.isError || query.data === undefined)
    return <LoadFailed onRetry={query.refetch && (() => query.refetch?.())} />;
  return <>{children(query.data)}</>;
}

/** Avatar upload: image, at most 5 MB, checked before sending; then made the own avatar. */
function AvatarUpload({ src }: { src?: string }) {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const props: UploadProps = {
    accept: 'image/*',
    showUploadList: false,
    beforeUpload: (file) => {
      const problem = checkImageBeforeUpload(
        { name: file.name, size: file.size, type: file.type },
        { fileSize: avatarMaxMb, sizeUnit: 'MB' },
      );
      if (problem) {
        toast.error(problem);
        return Upload.LIST_IGNORE;
      }
      return true;
    },
    customRequest: ({ file, onSuccess, onError }) => {
      const blob = file as File;
      setBusy(true);
      profileApi
        .uploadAvatar(blob, blob.name || 'avatar.png')
        .then((uploaded) => profileApi.setAvatar(uploaded.name).then(() => uploaded))
        .then((uploaded) => {
          onSuccess?.(uploaded);
          // The server stores the upload's url as headIcon; the navbar reads it from the session.
          useSession.getState().patchUserInfo({ headIcon: uploaded.url });
          toast.success({ content: t('avatar.changed'), duration: 1.5 });
          queryClient.invalidateQueries({ queryKey: ['profile', 'baseInfo'] });
        })
        .catch((error: Error) => onError?.(error))
        .finally(() => setBusy(false));
    },
  };
  return (
    <div className="profile-avatar">
      <Avatar size={64} src={src || undefined} icon={<UserOutlined />} />
      <Upload {...props}>
        <Button size="small" icon={<UploadOutlined />} loading={busy}>
          {t('avatar.change')}
        </Button>
      </Upload>
    </div>
  );
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
        {info.data ? (
          <AvatarUpload src={data.headIcon || user?.headIcon} />
        ) : (
          <Avatar size={64} src={user?.headIcon || undefined} icon={<UserOutlined />} />
        )}
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

function MajorList({ list, majorLabel }: { list: UserOrganize[]; majorLabel: string }) {
  const { t } = useTranslation('profile');
  return (
    <List
      dataSource={list}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
      renderItem={(item) => (
        <List.Item
          actions={
            item.isDefault
              ? []
              : [
                  // The server has no call to switch the major one: shown, disabled, and said why.
                  <Tooltip key="major" title={t('majorUnsupported')}>
                    <span>
                      <Button size="small" disabled>
                        {t('setMajor')}
                      </Button>
                    </span>
                  </Tooltip>,
                ]
          }
        >
          {item.fullName} {item.isDefault && <Tag color="blue">{majorLabel}</Tag>}
        </List.Item>
      )}
    />
  );
}

function OrganizeSection() {
  const { t } = useTranslation('profile');
  const organizes = useQuery({ queryKey: ['profile', 'organizes'], queryFn: profileApi.organizes });
  const positions = useQuery({ queryKey: ['profile', 'positions'], queryFn: profileApi.positions });
  return (
    <>
      <h3 className="profile-sub-title">{t('organizes')}</h3>
      <Section query={organizes}>{(list) => <MajorList list={list} majorLabel={t('majorOrganize')} />}</Section>
      <h3 className="profile-sub-title">{t('positions')}</h3>
      <Section query={positions}>{(list) => <MajorList list={list} majorLabel={t('majorPosition')} />}</Section>
    </>
  );
}

function SubordinateSection() {
  const { t } = useTranslation('profile');
  const subordinates = useQuery({
    queryKey: ['profile', 'subordinates', '0'],
    queryFn: () => profileApi.subordinates('0'),
  });
  return (
    <Section query={subordinates}>
      {(list) => (
        <List
          dataSource={list}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noSubordinates')} /> }}
          renderItem={(item) => (
            <List.Item>
              <List.Item.Meta
                avatar={<Avatar src={item.headIcon || undefined} icon={<UserOutlined />} />}
                title={item.userName || `${item.realName}/${item.account}`}
              />
            </List.Item>
          )}
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

function LogSection({ category }: { category: LogCategory }) {
  const { t } = useTranslation('profile');
  const [page, setPage] = useState({ current: 1, size: logPageSize });
  const log = useQuery({
    queryKey: ['profile', 'log', category, page.current, page.size],
    queryFn: () => profileApi.systemLog(category, page.current, page.size),
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<LogRow> =
    category === 1
      ? [
          { title: t('fields.time'), dataIndex: 'creatorTime', render: (v: number) => formatDateTime(v) },
          { title: t('log.userName'), dataIndex: 'userName' },
          { title: t('fields.ip'), dataIndex: 'ipaddress' },
          { title: t('log.ipName'), dataIndex: 'ipAddressName' },
          { title: t('log.browser'), dataIndex: 'browser' },
          { title: t('fields.platform'), dataIndex: 'platForm' },
        ]
      : [
          { title: t('fields.time'), dataIndex: 'creatorTime', render: (v: number) => formatDateTime(v) },
          { title: t('log.module'), dataIndex: 'moduleName' },
          {
            title: t('log.request'),
            dataIndex: 'requestURL',
            render: (url: string, row) => [row.requestMethod, url].filter(Boolean).join(' '),
          },
          { title: t('log.abstracts'), dataIndex: 'abstracts' },
          { title: t('fields.ip'), dataIndex: 'ipaddress' },
        ];
  return (
    <Section query={log}>
      {(data) => (
        <Table<LogRow>
          rowKey="id"
          size="small"
          dataSource={data.list}
          loading={log.isFetching}
          columns={columns}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total: data.pagination.total,
            showSizeChanger: true,
            onChange: (current, size) => setPage({ current: size === page.size ? current : 1, size }),
          }}
        />
      )}
    </Section>
  );
}

function SignatureSection() {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirm, holder] = useConfirm();
  const [drawing, setDrawing] = useState(false);
  const signatures = useQuery({ queryKey: ['profile', 'signatures'], queryFn: profileApi.signatures });
  const reload = () => queryClient.invalidateQueries({ queryKey: ['profile', 'signatures'] });
  const add = useMutation({
    mutationFn: (dataUrl: string) => profileApi.addSignature(dataUrl),
    onSuccess: () => {
      toast.success({ content: t('signature.saved'), duration: 1.5 });
      setDrawing(false);
      reload();
    },
  });
  const makeDefault = useMutation({
    mutationFn: profileApi.setDefaultSignature,
    onSuccess: () => {
      toast.success({ content: t('saved'), duration: 1.5 });
      reload();
    },
  });
  return (
    <>
      {holder}
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawing(true)} style={{ marginBottom: 12 }}>
        {t('signature.add')}
      </Button>
      <Modal
        title={t('signature.title')}
        open={drawing}
        width={600}
        footer={null}
        destroyOnHidden
        onCancel={() => setDrawing(false)}
      >
        <SignaturePad
          onConfirm={(url) => add.mutate(url)}
          onCancel={() => setDrawing(false)}
          confirming={add.isPending}
        />
      </Modal>
      <Section query={signatures}>
        {(list) => (
          <List
            dataSource={list}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('signature.empty')} /> }}
            renderItem={(item) => (
              <List.Item
                actions={[
                  item.isDefault === 1 ? (
                    <Tag key="default" color="blue">
                      {t('signature.isDefault')}
                    </Tag>
                  ) : (
                    <Button
                      key="default"
                      size="small"
                      loading={makeDefault.isPending && makeDefault.variables === item.id}
                      onClick={() => makeDefault.mutate(item.id)}
                    >
                      {t('signature.setDefault')}
                    </Button>
                  ),
                  <Button
                    key="remove"
                    size="small"
                    danger
                    onClick={() =>
                      confirm.text(t('signature.removeConfirm'), () =>
                        profileApi.deleteSignature(item.id).then(() => {
                          toast.success({ content: t('signature.removed'), duration: 1.5 });
                          return reload();
                        }),
                      )
                    }
                  >
                    {t('signature.remove')}
                  </Button>,
                ]}
              >
                <img src={item.signImg} alt={t('tabs.signature')} height={60} className="profile-sign-img" />
                <span className="profile-sign-time">{formatDateTime(item.creatorTime)}</span>
              </List.Item>
            )}
          />
        )}
      </Section>
    </>
  );
}

/** /profile (shell.md §7 "Current user"). Each section reads its own call. */
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
          { key: 'operationLog', label: t('tabs.operationLog'), children: <LogSection category={2} /> },
        ]}
        destroyOnHidden
      />
      <style>
        {
          '.profile-head{display:flex;align-items:center;justify-content:space-between;margin-bottom:12px}.profile-avatar{display:flex;align-items:center;gap:12px}.profile-sub-title{margin:8px 0}.profile-sign-img{background:#fff;border:1px solid #f0f0f0;border-radius:4px}.profile-sign-time{margin-left:12px;color:#999}'
        }
      </style>
    </Card>
  );
}
