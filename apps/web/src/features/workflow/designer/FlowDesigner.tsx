import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { useDictionaryOptions } from '../../../shared/api/dictionaries.ts';
import { useAdminRules } from '../../../shared/components/index.ts';
import { templateApi } from '../api.ts';
import { FlowCanvas } from './FlowCanvas.tsx';
import { NodeDrawer } from './NodeDrawer.tsx';
import {
  type BaseValues,
  type DesignFlow,
  type FlowWorkbench,
  readFlows,
  useFlowWorkbench,
} from './useFlowWorkbench.ts';
import '../workflow.css';

export interface FlowDesignerProps {
  /** The template edited, or null for a new one. */
  templateId: string | null;
  onClose: () => void;
}

/** 流程设计: the template's basic settings and, per flow, the node tree with its property drawer. */
export default function FlowDesigner({ templateId, onClose }: FlowDesignerProps) {
  const info = useQuery({
    queryKey: ['workflow', 'template', templateId],
    queryFn: () => templateApi.info(templateId as string),
    enabled: !!templateId,
    gcTime: 0,
  });
  if (templateId && !info.data) return <Spin className="shell-page-loading" />;
  const flows = readFlows(info.data?.flowTemplateJson);
  return (
    <Workbench
      templateId={templateId}
      base={
        info.data
          ? { ...info.data, type: info.data.type === 1 ? 1 : 0, category: info.data.category || undefined }
          : { fullName: '', enCode: '', type: 0, sortCode: 0 }
      }
      flows={flows}
      onClose={onClose}
    />
  );
}

/** 基础设置: the template's name, code, category, type, order and description. */
function BaseForm({ bench, base }: { bench: FlowWorkbench; base: BaseValues }) {
  const { t } = useTranslation('workflow');
  const rules = useAdminRules();
  const categories = useDictionaryOptions('WorkFlowCategory', 'id');
  return (
    <Form form={bench.form} initialValues={base} labelCol={{ flex: '100px' }} className="wf-base-form">
      <Form.Item name="fullName" label={t('fullName')} rules={rules.fullName}>
        <Input />
      </Form.Item>
      <Form.Item name="enCode" label={t('enCode')} rules={rules.enCode}>
        <Input />
      </Form.Item>
      <Form.Item name="category" label={t('category')}>
        <Select options={categories.options} loading={categories.loading} allowClear />
      </Form.Item>
      <Form.Item name="type" label={t('type')}>
        <Select options={[0, 1].map((k) => ({ value: k, label: t(`types.${k}`) }))} />
      </Form.Item>
      <Form.Item name="sortCode" label={t('sortCode')}>
        <InputNumber min={0} max={999999} />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </Form>
  );
}

/** 流程设计: the template's flows as tabs, the active one's name and its node tree. */
function DesignPane({ bench }: { bench: FlowWorkbench }) {
  const { t } = useTranslation('workflow');
  return (
    <div className="wf-design-pane">
      <div className="wf-flow-tabs">
        <Tabs
          size="small"
          activeKey={String(bench.active)}
          onChange={(key) => bench.activate(Number(key))}
          items={bench.flows.map((f, i) => ({
            key: String(i),
            label: f.fullName || t('designer.defaultFlowName'),
          }))}
        />
        <Button size="small" icon={<PlusOutlined />} onClick={bench.addFlow}>
          {t('designer.addFlow')}
        </Button>
        <Input
          className="wf-flow-name"
          value={bench.current.fullName}
          aria-label={t('designer.flowName')}
          placeholder={t('designer.flowName')}
          onChange={(e) => bench.rename(e.target.value)}
        />
      </div>
      <p className="wf-hint">{t('designer.keyboardHint')}</p>
      <FlowCanvas
        tree={bench.current.tree}
        selected={bench.selected}
        errors={bench.errors}
        onSelect={bench.select}
        dispatch={bench.graph}
      />
    </div>
  );
}

function Workbench({
  templateId,
  base,
  flows,
  onClose,
}: {
  templateId: string | null;
  base: BaseValues;
  flows: DesignFlow[];
  onClose: () => void;
}) {
  const { t } = useTranslation('workflow');
  const bench = useFlowWorkbench({ templateId, flows, onClose });
  return (
    <div className="wf-designer">
      <div className="wf-toolbar">
        <h2 className="wf-title">{base.fullName || t('designer.newTemplate')}</h2>
        <div className="wf-toolbar-actions">
          <Button type="primary" loading={bench.saving} onClick={() => void bench.save()}>
            {t('save')}
          </Button>
          <Button onClick={onClose}>{t('close')}</Button>
        </div>
      </div>
      <Tabs
        className="wf-designer-tabs"
        activeKey={bench.tab}
        onChange={(key) => bench.setTab(key as 'base' | 'design')}
        items={[
          {
            key: 'base',
            label: t('designer.baseTab'),
            forceRender: true,
            children: <BaseForm bench={bench} base={base} />,
          },
          { key: 'design', label: t('designer.designTab'), children: <DesignPane bench={bench} /> },
        ]}
      />
      <NodeDrawer
        tree={bench.current.tree}
        node={bench.node}
        fields={bench.choices.fields}
        forms={bench.choices.forms}
        flows={bench.choices.flows}
        onClose={() => bench.select(null)}
        onSave={bench.saveNode}
      />
    </div>
  );
}
