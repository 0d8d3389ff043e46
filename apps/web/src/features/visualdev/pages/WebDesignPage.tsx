import type { VisualDevRow } from '@platform/shared';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Spin from 'antd/es/spin';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  CrudPage,
  FormDialog,
  fieldColumn,
  useAdminRules,
  useCrudQuery,
} from '../../../shared/components/index.ts';
import { GenerateCodeDialog, type GeneratedForm } from '../../generater/index.ts';
import { designApi } from '../api.ts';
import { ShortLinkDialog } from './ShortLinkDialog.tsx';

/** The form designer: its own chunk, loaded when a definition is designed. */
const Designer = lazy(() => import('../designer/Designer.tsx'));

const initialSearch: { keyword: string } = { keyword: '' };

interface NewDefinition {
  fullName: string;
  enCode: string;
}

/** 功能设计: the generated-form definitions; 设计 opens the form designer on a definition's draft. */
export default function WebDesignPage() {
  const { t } = useTranslation('visualdev');
  const [designing, setDesigning] = useState<string | null>(null);
  const [linking, setLinking] = useState<string | null>(null);
  const [generating, setGenerating] = useState<GeneratedForm | null>(null);
  const crud = useCrudQuery({ queryKey: ['visualdev', 'definitions'], fetch: designApi.list, initialSearch });
  const columns: ColumnsType<VisualDevRow> = [
    fieldColumn('fullName', t('design.fullName'), { width: 200 }),
    fieldColumn('enCode', t('design.enCode'), { width: 160 }),
    fieldColumn('isRelease', t('design.isRelease'), {
      width: 120,
      render: (state: number) => (
        <Tag color={state === 1 ? 'success' : state === 2 ? 'warning' : 'default'}>
          {t(`design.releaseStates.${state}`)}
        </Tag>
      ),
    }),
    crud.columns.creatorTime,
    crud.columns.actions({
      width: 360,
      actions: (row) => [
        { key: 'design', label: t('design.design'), button: 'btn_edit', onClick: () => setDesigning(row.id) },
        {
          key: 'release',
          label: t('design.release'),
          button: 'btn_edit',
          onClick: () => crud.act({ text: t('design.releaseQuestion') }, () => designApi.release(row.id)),
        },
        { key: 'link', label: t('link.action'), button: 'btn_edit', onClick: () => setLinking(row.id) },
        crud.copy(t('design.copyQuestion'), () => designApi.copy(row.id)),
        crud.remove(() => designApi.remove(row.id)),
      ],
      // Code is generated from the released version: a form never released has none.
      more: (row) => ({
        button: 'btn_edit',
        items: [
          {
            key: 'generate',
            label: t('design.generateCode'),
            disabled: row.isRelease === 0,
            onClick: () => setGenerating(row),
          },
        ],
      }),
    }),
  ];
  if (designing) {
    return (
      <Suspense fallback={<Spin className="shell-page-loading" />}>
        <Designer
          definitionId={designing}
          onClose={() => {
            setDesigning(null);
            crud.list.refetch();
          }}
        />
      </Suspense>
    );
  }
  return (
    <CrudPage crud={crud} columns={columns} actions={<AddButton onClick={() => crud.open({})} />}>
      <NewDefinitionDialog open={!!crud.form.target} onClose={crud.form.onClose} onSaved={crud.form.onSaved} />
      <ShortLinkDialog modelId={linking} onClose={() => setLinking(null)} />
      <GenerateCodeDialog form={generating} onClose={() => setGenerating(null)} />
    </CrudPage>
  );
}

function NewDefinitionDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('visualdev');
  const rules = useAdminRules();
  const [form] = Form.useForm<NewDefinition>();
  return (
    <FormDialog<NewDefinition>
      open={open}
      form={form}
      title={t('design.add')}
      onClose={onClose}
      onSaved={onSaved}
      onSubmit={(values) =>
        designApi.create({
          fullName: values.fullName.trim(),
          enCode: values.enCode.trim(),
          category: null,
          type: 1,
          webType: 2,
          sortCode: 0,
          formData: null,
          columnData: null,
        })
      }
    >
      <Form.Item name="fullName" label={t('design.fullName')} rules={rules.fullName}>
        <Input />
      </Form.Item>
      <Form.Item name="enCode" label={t('design.enCode')} rules={rules.enCode}>
        <Input />
      </Form.Item>
    </FormDialog>
  );
}
