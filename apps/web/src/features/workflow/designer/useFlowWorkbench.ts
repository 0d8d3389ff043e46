import type { FlowJsonEntry } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import { useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSuccessToast } from '../../../shared/components/FormDialog.tsx';
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

export interface DesignFlow {
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

export interface BaseValues {
  fullName: string;
  enCode: string;
  category?: string;
  type: 0 | 1;
  sortCode: number;
  description?: string;
}

/** The forms, the chosen form's fields and the launchable flows the node drawer offers. */
function useDrawerChoices(formId: string) {
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
  const formOptions = useMemo(
    () => (forms.data?.list ?? []).map((f) => ({ id: f.id, fullName: f.fullName })),
    [forms.data],
  );
  return { fields: fields.data ?? [], forms: formOptions, flows: launchable.data ?? [] };
}

/**
 * 流程设计's state and calls: the template's flows and the active one's node tree, the node open in
 * the drawer, the graph's problems, and saving (the base form and every flow checked first).
 */
export function useFlowWorkbench({
  templateId,
  flows,
  onClose,
}: {
  templateId: string | null;
  flows: DesignFlow[];
  onClose: () => void;
}) {
  const { t } = useTranslation('workflow');
  const toast = useToast();
  const success = useSuccessToast();
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
  const choices = useDrawerChoices(String(current.tree.properties.formId ?? ''));
  const node = selected ? (findNode(current.tree, selected) ?? null) : null;
  const graph = (action: GraphAction) => {
    dispatch({ type: 'graph', action });
    if (errors.size) setErrors(new Map());
  };

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

  return {
    form,
    tab,
    setTab,
    flows: state.flows,
    active: state.active,
    current,
    activate: (index: number) => {
      dispatch({ type: 'activate', index });
      setSelected(null);
      setErrors(new Map());
    },
    addFlow: () => dispatch({ type: 'addFlow', name: `${t('designer.defaultFlowName')}${state.flows.length + 1}` }),
    rename: (name: string) => dispatch({ type: 'rename', name }),
    graph,
    errors,
    selected,
    select: setSelected,
    node,
    /** The drawer's 确定: the node's new properties and summary, and the drawer closes. */
    saveNode: (nodeId: string, properties: FlowProperties, content: string) => {
      graph({ type: 'update', nodeId, properties, content });
      setSelected(null);
    },
    choices,
    saving,
    save,
  };
}

export type FlowWorkbench = ReturnType<typeof useFlowWorkbench>;
