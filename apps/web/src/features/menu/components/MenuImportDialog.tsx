import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import TreeSelect from 'antd/es/tree-select';
import Upload from 'antd/es/upload';
import { useTranslation } from 'react-i18next';
import { FormDialog, treeOptions } from '../../../shared/components/index.ts';
import { useToast } from '../../../shared/toast.tsx';
import { menuApi } from '../api.ts';

interface Values {
  parentId: string;
  file: File;
}

/** The generic import dialog for menus (admin.md 2.5, §5): a parent menu and one .json file of an export. */
export function MenuImportDialog({
  open,
  systemId,
  onClose,
  onSaved,
}: {
  open: boolean;
  systemId: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('menu');
  const toast = useToast();
  const [form] = Form.useForm<Values>();
  const file = Form.useWatch('file', form);
  const parents = useQuery({
    queryKey: ['menu', 'parents', systemId, '0'],
    queryFn: () => menuApi.parents('0', systemId),
    enabled: open,
  });
  const submit = async (values: Values) => {
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(await values.file.text()) as Record<string, unknown>;
    } catch (error) {
      toast.error(t('badFile'));
      throw error;
    }
    return menuApi.importMenu({ systemId, parentId: values.parentId, data });
  };
  return (
    <FormDialog<Values>
      open={open}
      title={t('importTitle')}
      form={form}
      initialValues={{ parentId: '-1' }}
      onSubmit={submit}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item name="parentId" label={t('parent')} rules={[{ required: true, message: t('parentRequired') }]}>
        <TreeSelect
          treeDefaultExpandAll
          treeData={[{ value: '-1', title: t('top'), children: treeOptions(parents.data ?? []) }]}
        />
      </Form.Item>
      <Form.Item
        name="file"
        label={t('file')}
        rules={[{ required: true, message: t('fileRequired') }]}
        valuePropName="file"
      >
        <Upload
          accept=".json"
          maxCount={1}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          onRemove={() => form.setFieldValue('file', undefined)}
          beforeUpload={(chosen) => {
            if (!/\.json$/i.test(chosen.name)) {
              toast.error(t('wrongFile'));
              return Upload.LIST_IGNORE;
            }
            form.setFieldValue('file', chosen);
            return false;
          }}
        >
          <Button>{t('chooseFile')}</Button>
        </Upload>
      </Form.Item>
    </FormDialog>
  );
}
