import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignaturePad, useConfirm } from '../../../shared/components/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useToast } from '../../../shared/toast.tsx';
import { profileApi } from '../api.ts';
import { Section } from './Section.tsx';

/** Drawn signatures: add, make default, remove. */
export function SignatureSection() {
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
