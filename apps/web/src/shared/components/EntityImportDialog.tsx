import { UploadOutlined } from '@ant-design/icons';
import type { Envelope } from '@platform/shared';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Radio from 'antd/es/radio';
import Upload, { type UploadFile } from 'antd/es/upload';
import { useState } from 'react';
import { Auth } from '../shell/permission.tsx';
import { useToast } from '../toast.tsx';
import { AddButton } from './crud.tsx';
import { FormDialog } from './FormDialog.tsx';
import { useComponentsTranslation } from './i18n.ts';

interface ImportValues {
  type: 0 | 1;
  file: UploadFile[];
}

/**
 * The generic import dialog of an exported entity (admin.md 2.5, section 5): the duplicate-handling
 * choice (0 skip, 1 append) and one file of the area's extension, sent together when 确定 is pressed.
 */
export function EntityImportDialog({
  open,
  accept,
  upload,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The area's file extension with its dot: '.bdd' (dictionaries), '.bb' (code rules). */
  accept: string;
  upload: (file: File, type: 0 | 1) => Promise<Envelope<unknown>>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useComponentsTranslation();
  const toast = useToast();
  const [form] = Form.useForm<ImportValues>();
  return (
    <FormDialog<ImportValues>
      open={open}
      title={t('entityImport.title')}
      form={form}
      width={500}
      initialValues={{ type: 0, file: [] }}
      onSubmit={(values) => {
        const file = values.file[0]?.originFileObj;
        return upload(file as File, values.type);
      }}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        name="type"
        label={t('entityImport.duplicate')}
        extra={t('entityImport.duplicateHint')}
        rules={[{ required: true, message: t('entityImport.rules.duplicate') }]}
      >
        <Radio.Group
          options={[
            { value: 0, label: t('entityImport.duplicateSkip') },
            { value: 1, label: t('entityImport.duplicateAppend') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="file"
        label={t('entityImport.file')}
        valuePropName="fileList"
        getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
        rules={[{ required: true, type: 'array', min: 1, message: t('entityImport.rules.file') }]}
      >
        <Upload
          accept={accept}
          maxCount={1}
          beforeUpload={(file) => {
            if (!file.name.toLowerCase().endsWith(accept)) {
              void toast.error(t('entityImport.rules.fileType', { accept }));
              return Upload.LIST_IGNORE;
            }
            // Kept here and sent with the duplicate choice when the dialog is confirmed.
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>{t('entityImport.chooseFile')}</Button>
        </Upload>
      </Form.Item>
    </FormDialog>
  );
}

/** 导入 (btn_add) and its dialog: the toolbar entry of an area's entity import. */
export function ImportButton({
  accept,
  upload,
  onSaved,
}: {
  accept: string;
  upload: (file: File, type: 0 | 1) => Promise<Envelope<unknown>>;
  onSaved: () => void;
}) {
  const { t } = useComponentsTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Auth button="btn_add">
      <Button onClick={() => setOpen(true)}>{t('buttons.import')}</Button>
      <EntityImportDialog
        open={open}
        accept={accept}
        upload={upload}
        onClose={() => setOpen(false)}
        onSaved={onSaved}
      />
    </Auth>
  );
}

/** A list page's 新建 and 导入 buttons, for areas whose records also come as files. */
export function AddAndImportButtons({
  onAdd,
  ...importing
}: {
  onAdd: () => void;
  accept: string;
  upload: (file: File, type: 0 | 1) => Promise<Envelope<unknown>>;
  onSaved: () => void;
}) {
  return (
    <>
      <AddButton onClick={onAdd} />
      <ImportButton {...importing} />
    </>
  );
}
