import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, ListTable, RefreshButton, SearchBar } from '../../../shared/components/ListPage.tsx';
import { useListQuery } from '../../../shared/components/list.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { Auth } from '../../../shared/shell/permission.tsx';
import { useToast } from '../../../shared/toast.tsx';
import { type NoticeListRow, noticeApi } from '../api.ts';
import { NoticeFormDialog } from '../components/NoticeFormDialog.tsx';

interface Search {
  keyword: string;
  enabledMark: string;
}
const initialSearch: Search = { keyword: '', enabledMark: '' };
const statusColours: Record<number, string> = { 0: 'default', 1: 'success', [-1]: 'warning' };

/** system/notice: notices with create, edit, delete and release (admin.md §4 "Notices have a release action"). */
export default function NoticePage() {
  const { t } = useTranslation('notice');
  const toast = useToast();
  const [modal, modalHolder] = Modal.useModal();
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const list = useListQuery<NoticeListRow, Search>({
    queryKey: ['notice', 'list'],
    fetch: (params) => noticeApi.list(params),
    initialSearch,
  });
  const { refetch } = list;

  const confirm = (content: string, action: () => Promise<{ msg: string }>) =>
    modal.confirm({
      title: t('confirmTitle'),
      content,
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: async () => {
        const answer = await action();
        toast.success({ content: answer.msg, duration: 1.5 });
        refetch();
      },
    });

  return (
    <ListPage
      search={
        <SearchBar values={list.state.search} onSearch={list.search} onReset={list.reset}>
          <Form.Item name="enabledMark" label={t('status')}>
            <Select
              style={{ width: 120 }}
              options={[
                { value: '', label: t('all') },
                ...['0', '1', '-1'].map((value) => ({ value, label: t(`statuses.${value}`) })),
              ]}
            />
          </Form.Item>
        </SearchBar>
      }
      actions={
        <Auth button="btn_add">
          <Button type="primary" onClick={() => setEditing({})}>
            {t('add')}
          </Button>
        </Auth>
      }
      tools={<RefreshButton onClick={refetch} loading={list.loading} />}
    >
      {modalHolder}
      <ListTable<NoticeListRow>
        loading={list.loading}
        error={list.error}
        onRetry={refetch}
        dataSource={list.rows}
        columns={[
          { title: t('columns.title'), dataIndex: 'title', ellipsis: true },
          {
            title: t('columns.category'),
            dataIndex: 'category',
            width: 100,
            render: (category: string | null) =>
              category ? t(`categories.${category}`, { defaultValue: category }) : '',
          },
          {
            title: t('status'),
            dataIndex: 'enabledMark',
            width: 90,
            render: (mark: number) => <Tag color={statusColours[mark]}>{t(`statuses.${mark}`)}</Tag>,
          },
          { title: t('columns.creator'), dataIndex: 'creatorUser', width: 130 },
          {
            title: t('columns.creatorTime'),
            dataIndex: 'creatorTime',
            width: 170,
            render: (v: number) => formatDateTime(v),
          },
          { title: t('columns.releaseUser'), dataIndex: 'releaseUser', width: 130 },
          {
            title: t('columns.releaseTime'),
            dataIndex: 'releaseTime',
            width: 170,
            render: (v: number | null) => formatDateTime(v),
          },
          {
            title: t('columns.expirationTime'),
            dataIndex: 'expirationTime',
            width: 170,
            render: (v: number | null) => formatDateTime(v),
          },
          {
            title: t('columns.actions'),
            key: 'actions',
            width: 170,
            fixed: 'right',
            render: (_: unknown, row) => (
              <Space size={0}>
                {row.enabledMark === 0 && (
                  <Auth button="btn_edit">
                    <Button type="link" size="small" onClick={() => setEditing({ id: row.id })}>
                      {t('edit')}
                    </Button>
                  </Auth>
                )}
                {row.enabledMark === 0 && (
                  <Auth button="btn_release">
                    <Button
                      type="link"
                      size="small"
                      onClick={() => confirm(t('releaseConfirm'), () => noticeApi.release(row.id))}
                    >
                      {t('release')}
                    </Button>
                  </Auth>
                )}
                <Auth button="btn_remove">
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => confirm(t('removeConfirm'), () => noticeApi.remove(row.id))}
                  >
                    {t('remove')}
                  </Button>
                </Auth>
              </Space>
            ),
          },
        ]}
        paging={{
          currentPage: list.state.currentPage,
          pageSize: list.state.pageSize,
          total: list.total,
          onChange: list.setPage,
        }}
      />
      <NoticeFormDialog open={!!editing} id={editing?.id} onClose={() => setEditing(null)} onSaved={refetch} />
    </ListPage>
  );
}
