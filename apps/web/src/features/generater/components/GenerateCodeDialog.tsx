import {
  type CodePreviewAnswer,
  classNamePattern,
  type DownloadCodeForm,
  type GeneratedFile,
  isAreaNameFree,
  moduleNamePattern,
  tablePrefixPattern,
} from '@platform/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Segmented from 'antd/es/segmented';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Tree from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeEditor, type CodeLanguage } from '../../../shared/components/index.ts';
import { openDownload } from '../../../shared/download.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useToast } from '../../../shared/toast.tsx';
import { generaterApi } from '../api.ts';
import { DiffView } from './DiffView.tsx';
import '../generater.css';

/** The released form code is generated from. */
export interface GeneratedForm {
  id: string;
  fullName: string;
  enCode: string;
}

interface Settings {
  module: string;
  className?: string;
  tablePrefix?: string;
  description?: string;
  formStyle: 'engine' | 'written';
}

const modulePattern = new RegExp(moduleNamePattern);
const classPattern = new RegExp(classNamePattern);
const prefixPattern = new RegExp(tablePrefixPattern);

/** A module name the server accepts, made from the form's code (`Leave_Form` -> `leaveForm`). */
export function suggestModule(enCode: string): string {
  const words = enCode.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = words.map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('');
  const name = joined.replace(/^[^A-Za-z]+/, '');
  return name ? (name[0]!.toLowerCase() + name.slice(1)).slice(0, 40) : 'module';
}

const languageOf = (path: string): CodeLanguage =>
  path.endsWith('.ts') || path.endsWith('.tsx') ? 'typescript' : path.endsWith('.json') ? 'json' : 'text';

const filesOf = (answer: CodePreviewAnswer) => answer.list.flatMap((folder) => folder.children);

/**
 * 生成代码 of a released form: the output settings, then the file tree with each file read-only
 * (and, after an earlier download, what changed since), and the zip to download.
 */
export function GenerateCodeDialog({ form: target, onClose }: { form: GeneratedForm | null; onClose: () => void }) {
  const { t } = useTranslation('generater');
  const toast = useToast();
  const [settingsForm] = Form.useForm<Settings>();
  const [preview, setPreview] = useState<CodePreviewAnswer | null>(null);
  const [busy, setBusy] = useState<'preview' | 'download' | null>(null);

  useEffect(() => {
    if (!target) return;
    setPreview(null);
    settingsForm.setFieldsValue({
      module: suggestModule(target.enCode),
      className: '',
      tablePrefix: '',
      description: target.fullName,
      formStyle: 'engine',
    });
  }, [target, settingsForm]);

  const settings = async (): Promise<DownloadCodeForm> => {
    const values = await settingsForm.validateFields();
    return {
      module: values.module.trim(),
      className: values.className?.trim() ?? '',
      tablePrefix: values.tablePrefix?.trim() ?? '',
      description: values.description?.trim() ?? '',
      formStyle: values.formStyle,
    };
  };
  const run = async (kind: 'preview' | 'download', work: (values: DownloadCodeForm) => Promise<void>) => {
    let values: DownloadCodeForm;
    try {
      values = await settings();
    } catch {
      return; // the form shows what is wrong
    }
    setBusy(kind);
    try {
      await work(values);
    } catch {
      // the request's own message was shown
    } finally {
      setBusy(null);
    }
  };
  const showPreview = () =>
    run('preview', async (values) => {
      if (target) setPreview(await generaterApi.preview(target.id, values));
    });
  const download = () =>
    run('download', async (values) => {
      if (!target) return;
      const zip = await generaterApi.download(target.id, values);
      openDownload(zip.url, zip.name);
      void toast.success(t('downloaded', { name: zip.name }));
      // What the preview compares against is now this download.
      if (preview) setPreview(await generaterApi.preview(target.id, values));
    });

  const footer = (
    <Space>
      {preview ? (
        <Button onClick={() => setPreview(null)}>{t('back')}</Button>
      ) : (
        <Button onClick={onClose}>{t('close')}</Button>
      )}
      {!preview && (
        <Button onClick={showPreview} loading={busy === 'preview'} disabled={busy !== null}>
          {t('preview')}
        </Button>
      )}
      <Button type="primary" onClick={download} loading={busy === 'download'} disabled={busy !== null}>
        {t('download')}
      </Button>
    </Space>
  );

  return (
    <Modal
      open={target !== null}
      title={t('title', { name: target?.fullName ?? '' })}
      onCancel={onClose}
      footer={footer}
      width={preview ? 1180 : 560}
      destroyOnHidden
    >
      <Form form={settingsForm} layout="vertical" hidden={preview !== null} onFinish={showPreview}>
        <Form.Item
          name="module"
          label={t('module')}
          extra={t('moduleHelp')}
          rules={[
            { required: true, pattern: modulePattern, message: t('moduleInvalid') },
            {
              validator: async (_, value: string | undefined) => {
                if (value && !isAreaNameFree(value.trim())) throw new Error(t('moduleTaken', { name: value.trim() }));
              },
            },
          ]}
        >
          <Input autoFocus maxLength={40} />
        </Form.Item>
        <Form.Item
          name="className"
          label={t('className')}
          extra={t('classNameHelp')}
          rules={[{ pattern: classPattern, message: t('classNameInvalid') }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="tablePrefix"
          label={t('tablePrefix')}
          extra={t('tablePrefixHelp')}
          rules={[{ pattern: prefixPattern, message: t('tablePrefixInvalid') }]}
        >
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="description" label={t('description')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="formStyle" label={t('formStyle')} extra={t('formStyleHelp')}>
          <Radio.Group
            options={[
              { value: 'engine', label: t('formStyleEngine') },
              { value: 'written', label: t('formStyleWritten') },
            ]}
          />
        </Form.Item>
        {/* Enter in a field previews, as the first action offered. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
      {preview && <PreviewPane preview={preview} />}
    </Modal>
  );
}

/** The summary against the last download, the file tree and the picked file. */
function PreviewPane({ preview }: { preview: CodePreviewAnswer }) {
  const { t } = useTranslation('generater');
  const files = filesOf(preview);
  const [picked, setPicked] = useState<string | null>(files[0]?.filePath ?? null);
  const file = files.find((candidate) => candidate.filePath === picked) ?? null;
  const last = preview.lastGeneration;
  const count = (change: GeneratedFile['change']) => files.filter((candidate) => candidate.change === change).length;
  const treeData = useMemo(
    () =>
      preview.list.map((folder) => ({
        key: folder.id,
        title: folder.fileName === '.' ? t('rootFolder') : folder.fileName,
        selectable: false,
        children: folder.children.map((child) => ({
          key: child.filePath,
          isLeaf: true,
          title: (
            <span>
              {child.fileName} {child.change === 'added' && <Tag color="success">{t('added')}</Tag>}
              {child.change === 'changed' && <Tag color="warning">{t('changed')}</Tag>}
            </span>
          ),
        })),
      })),
    [preview, t],
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        message={
          last
            ? t('sinceLast', {
                name: last.generatedBy,
                time: formatDateTime(last.generatedAt),
                added: count('added'),
                changed: count('changed'),
                removed: last.removed.length,
              })
            : t('firstGeneration', { count: files.length })
        }
        description={
          last && last.removed.length > 0 ? (
            <div>
              {t('removedFiles')}: {last.removed.join(', ')}
            </div>
          ) : undefined
        }
      />
      <div className="generater-preview">
        <nav className="generater-files" aria-label={t('files')}>
          <Tree.DirectoryTree
            treeData={treeData}
            defaultExpandAll
            selectedKeys={picked ? [picked] : []}
            onSelect={(keys) => setPicked(String(keys[0] ?? picked))}
          />
        </nav>
        <div className="generater-file">{file ? <FileView key={file.filePath} file={file} /> : t('pickFile')}</div>
      </div>
    </Space>
  );
}

function FileView({ file }: { file: GeneratedFile }) {
  const { t } = useTranslation('generater');
  const [view, setView] = useState<'code' | 'differences'>(file.change === 'changed' ? 'differences' : 'code');
  return (
    <>
      <div className="generater-file-head">
        <span>{file.filePath}</span>
        {file.change === 'changed' && (
          <Segmented
            size="small"
            value={view}
            onChange={(value) => setView(value as 'code' | 'differences')}
            options={[
              { value: 'differences', label: t('differences') },
              { value: 'code', label: t('code') },
            ]}
          />
        )}
      </div>
      {view === 'differences' && file.previousContent !== undefined ? (
        <DiffView before={file.previousContent} after={file.fileContent} label={file.filePath} />
      ) : (
        <CodeEditor
          value={file.fileContent}
          language={languageOf(file.filePath)}
          readOnly
          rows={26}
          ariaLabel={file.filePath}
        />
      )}
    </>
  );
}
