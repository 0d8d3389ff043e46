import type { MenuInfo, VisualDevMenuInput } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import TreeSelect from 'antd/es/tree-select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminRules } from '../../../shared/components/rules.ts';
import { menuApi } from '../../menu/index.ts';

export interface PublishDialogProps {
  open: boolean;
  fullName: string;
  enCode: string;
  onCancel: () => void;
  /** Saves the draft and publishes it; rejects when the server refused (it has shown why). */
  onPublish: (input: VisualDevMenuInput) => Promise<void>;
}

interface TreeNode {
  value: string;
  title: string;
  children: TreeNode[];
}
const treeOf = (nodes: readonly MenuInfo[]): TreeNode[] =>
  nodes.map((n) => ({ value: n.id, title: n.fullName, children: treeOf(n.children) }));

/** 发布: the menu (type 3) the form is published as, under a directory or category of the main system. */
export function PublishDialog({ open, fullName, enCode, onCancel, onPublish }: PublishDialogProps) {
  const { t } = useTranslation('visualdev');
  const [form] = Form.useForm<VisualDevMenuInput>();
  const [busy, setBusy] = useState(false);
  const rules = useAdminRules();
  const parents = useQuery({
    queryKey: ['menu', 'parents', '0', '0'],
    queryFn: () => menuApi.parents('0', '0'),
    enabled: open,
  });
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const { icon, ...rest } = values;
      await onPublish(icon ? { ...rest, icon } : rest);
    } catch {
      // The request layer has shown the server's message; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('designer.publish.title')}
      onCancel={onCancel}
      onOk={submit}
      okText={t('designer.publish.ok')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ parentId: '-1', fullName, enCode, icon: 'icon-ym icon-ym-generator-form' }}
      >
        <Form.Item
          name="parentId"
          label={t('designer.publish.parent')}
          rules={rules.select(t('designer.publish.parent'))}
        >
          <TreeSelect
            treeData={[{ value: '-1', title: t('designer.publish.top'), children: treeOf(parents.data ?? []) }]}
            treeDefaultExpandAll
            loading={parents.isLoading}
          />
        </Form.Item>
        <Form.Item name="fullName" label={t('designer.publish.fullName')} rules={rules.fullName}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="enCode" label={t('designer.publish.enCode')} rules={rules.enCode}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="icon" label={t('designer.publish.icon')}>
          <Input maxLength={100} placeholder="icon-ym icon-ym-..." />
        </Form.Item>
      </Form>
    </Modal>
  );
}
