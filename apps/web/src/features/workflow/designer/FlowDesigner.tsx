import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { FlowJsonEntry } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import { useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionaryOptions } from '../../../shared/api/dictionaries.ts';
import { useSuccessToast } from '../../../shared/components/FormDialog.tsx';
import { useAdminRules } from '../../../shared/components/index.ts';
import { useToast } from '../../../shared/toast.tsx';
import { templateApi } from '../api.ts';
import {
  type FlowNode,
  type FlowProperties,
  findNode,
  type GraphAction,
  graphReducer,
  newNodeId,
  newStartNode,
} from '../graph.ts';
import { graphErrors } from '../validate.ts';
import type { FlowTemplateInput } from '../wire.ts';
import { FlowCanvas } from './FlowCanvas.tsx';
import { NodeDrawer } from './NodeDrawer.tsx';
import '../workflow.css';

interface DesignFlow {
  id: string;
  flowId: string;
  fullName: string;
  tree: FlowNode;
  isDelete?: number;
}

interface State {
  flows: DesignFlow[];
  active: number;
}

type Action =
  | { type: 'graph'; action: GraphAction }
  | { type: 'activate'; index: number }
  | { type: 'addFlow'; name: string }
  | { type: 'rename'; name: string };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'graph':
      return {
        ...state,
        flows: state.flows.map((f, i) =>
          i === state.active ? { ...f, tree: graphReducer(f.tree, action.action) } : f,
        ),
      };
    case 'activate':
      return { ...state, active: action.index };
    case 'rename':
      return { ...state, flows: state.flows.map((f, i) => (i === state.active ? { ...f, fullName: action.name } : f)) };
    case 'addFlow':
      return {
        flows: [...state.flows, { id: '', flowId: newNodeId(), fullName: action.name, tree: newStartNode() }],
        active: state.flows.length,
      };
  }
}

/** The template's `flowTemplateJson` string, read leniently (a tree may itself arrive as a string). */
export function readFlows(json: string | null | undefined): DesignFlow[] {
  if (!json) return [];
  try {
    const list = JSON.parse(json) as FlowJsonEntry[];
    if (!Array.isArray(list)) return [];
    return list
      .filter((f) => f.isDelete !== 1)
      .map((f) => ({
        id: f.id ?? '',
        flowId: f.flowId || newNodeId(),
        fullName: f.fullName ?? '',
        tree: (typeof f.flowTemplateJson === 'string'
          ? JSON.parse(f.flowTemplateJson)
          : f.flowTemplateJson) as FlowNode,
      }))
      .filter((f) => f.tree && typeof f.tree === 'object');
  } catch {
    return [];
  }
}

interface BaseValues {
  fullName: string;
  enCode: string;
  category?: string;
  type: 0 | 1;
  sortCode: number;
  description?: string;
}

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
  const rules = useAdminRules();
  const toast = useToast();
  const success = useSuccessToast();
  const categories = useDictionaryOptions('WorkFlowCategory', 'id');
  const [form] = Form.useForm<BaseValues>();
  const [tab, setTab] = useState<'base' | 'design'>('base');
  const [state, dispatch] = useReducer(reducer, undefined, () => ({
    flows: flows.length
      ? flows
      : [{ id: '', flowId: newNodeId(), fullName: t('designer.defaultFlowName'), tree: newStartNode() }],
    active: 0,
  }));
  const [selected, setSelected] = useState<string | null>(null);
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [saving, setSaving] = useState(false);
  const current = state.flows[state.active] as DesignFlow;
  const formId = String(current.tree.properties.formId ?? '');
  const forms = useQuery({ queryKey: ['workflow', 'forms'], queryFn: templateApi.forms, staleTime: 30_000 });
  const fields = useQuery({
    queryKey: ['workflow', 'formFields', formId],
    queryFn: () => templateApi.formFields(formId),
    enabled: !!formId,
    staleTime: 30_000,
  });
  // The engine reads a sub-flow's `flowId` as a flow id: the chooser lists flows, named by their template.
  const launchable = useQuery({
    queryKey: ['workflow', 'launchableFlows'],
    queryFn: () =>
      templateApi.launchableFlows({ currentPage: 1, pageSize: 500 }).then((d) =>
        d.list.map((f) => ({
          id: f.id,
          fullName: f.fullName === f.templateName ? f.templateName : `${f.templateName} / ${f.fullName}`,
        })),
      ),
    staleTime: 30_000,
  });
  const node = selected ? (findNode(current.tree, selected) ?? null) : null;
  const graph = (action: GraphAction) => {
    dispatch({ type: 'graph', action });
    if (errors.size) setErrors(new Map());
  };
  const formOptions = useMemo(
    () => (forms.data?.list ?? []).map((f) => ({ id: f.id, fullName: f.fullName })),
    [forms.data],
  );

  const save = async () => {
    let values: BaseValues;
    try {
      values = await form.validateFields();
    } catch {
      setTab('base');
      return;
    }
    for (const [index, flow] of state.flows.entries()) {
      const found = graphErrors(flow.tree, t);
      if (found.size) {
        dispatch({ type: 'activate', index });
        setErrors(found);
        setTab('design');
        toast.error(t('designer.invalid', { name: flow.fullName }));
        return;
      }
    }
    const input: FlowTemplateInput = {
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      category: values.category ?? '',
      type: values.type,
      sortCode: values.sortCode ?? 0,
      description: values.description ?? '',
      flowTemplateJson: JSON.stringify(
        state.flows.map((f) => ({ id: f.id, flowId: f.flowId, fullName: f.fullName, flowTemplateJson: f.tree })),
      ),
    };
    setSaving(true);
    try {
      success(templateId ? await templateApi.save(templateId, input) : await templateApi.create(input));
      onClose();
    } catch {
      // The request layer has shown the error.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="wf-designer">
      <div className="wf-toolbar">
        <h2 className="wf-title">{base.fullName || t('designer.newTemplate')}</h2>
        <div className="wf-toolbar-actions">
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {t('save')}
          </Button>
          <Button onClick={onClose}>{t('close')}</Button>
        </div>
      </div>
      <Tabs
        className="wf-designer-tabs"
        activeKey={tab}
        onChange={(key) => setTab(key as 'base' | 'design')}
        items={[
          {
            key: 'base',
            label: t('designer.baseTab'),
            forceRender: true,
            children: (
              <Form form={form} initialValues={base} labelCol={{ flex: '100px' }} className="wf-base-form">
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
            ),
          },
          {
            key: 'design',
            label: t('designer.designTab'),
            children: (
              <div className="wf-design-pane">
                <div className="wf-flow-tabs">
                  <Tabs
                    size="small"
                    activeKey={String(state.active)}
                    onChange={(key) => {
                      dispatch({ type: 'activate', index: Number(key) });
                      setSelected(null);
                      setErrors(new Map());
                    }}
                    items={state.flows.map((f, i) => ({
                      key: String(i),
                      label: f.fullName || t('designer.defaultFlowName'),
                    }))}
                  />
                  <Button
                    size="small"
                    icon={<PlusOutlined />}
                    onClick={() =>
                      dispatch({ type: 'addFlow', name: `${t('designer.defaultFlowName')}${state.flows.length + 1}` })
                    }
                  >
                    {t('designer.addFlow')}
                  </Button>
                  <Input
                    className="wf-flow-name"
                    value={current.fullName}
                    aria-label={t('designer.flowName')}
                    placeholder={t('designer.flowName')}
                    onChange={(e) => dispatch({ type: 'rename', name: e.target.value })}
                  />
                </div>
                <p className="wf-hint">{t('designer.keyboardHint')}</p>
                <FlowCanvas
                  tree={current.tree}
                  selected={selected}
                  errors={errors}
                  onSelect={setSelected}
                  dispatch={graph}
                />
              </div>
            ),
          },
        ]}
      />
      <NodeDrawer
        tree={current.tree}
        node={node}
        fields={fields.data ?? []}
        forms={formOptions}
        flows={launchable.data ?? []}
        onClose={() => setSelected(null)}
        onSave={(nodeId: string, properties: FlowProperties, content: string) => {
          graph({ type: 'update', nodeId, properties, content });
          setSelected(null);
        }}
      />
    </div>
  );
}
