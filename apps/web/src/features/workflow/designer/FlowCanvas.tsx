import CloseOutlined from '@ant-design/icons/CloseOutlined';
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import { useTranslation } from 'react-i18next';
import type { AddKind, FlowNode, GraphAction } from '../graph.ts';
import { nodeTitle, useNodeSummary } from './summary.ts';

export interface CanvasProps {
  tree: FlowNode;
  selected: string | null;
  /** Problems by node id (validation before release), shown on the nodes. */
  errors: ReadonlyMap<string, string>;
  /** States of a running flow (the detail page's progress graph): no editing then. */
  states?: ReadonlyMap<string, 'done' | 'current'>;
  readOnly?: boolean;
  onSelect?: (nodeId: string) => void;
  dispatch?: (action: GraphAction) => void;
}

const addKinds: AddKind[] = ['approver', 'condition', 'interflow', 'branchFlow', 'timer', 'subFlow'];

/** "+" between two nodes: a menu of what can be added there, opened by click or keyboard. */
function AddButton({ after, props }: { after: string; props: CanvasProps }) {
  const { t } = useTranslation('workflow');
  if (props.readOnly) return <div className="wf-line" />;
  return (
    <div className="wf-line">
      <Dropdown
        trigger={['click']}
        menu={{
          items: addKinds.map((kind) => ({ key: kind, label: t(`designer.add.${kind}`) })),
          onClick: ({ key }) => props.dispatch?.({ type: 'add', after, kind: key as AddKind }),
        }}
      >
        <Button
          className="wf-add"
          shape="circle"
          size="small"
          type="primary"
          icon={<PlusOutlined />}
          aria-label={t('designer.addAfter')}
        />
      </Dropdown>
    </div>
  );
}

function NodeCard({
  node,
  props,
  branch,
}: {
  node: FlowNode;
  props: CanvasProps;
  branch?: { index: number; count: number };
}) {
  const { t } = useTranslation('workflow');
  const summary = useNodeSummary();
  const error = props.errors.get(node.nodeId);
  const state = props.states?.get(node.nodeId);
  const title = nodeTitle(node, t);
  const isDefault = node.properties.isDefault === true;
  // Only a condition split's branches are tried in order; parallel and choice branches are not.
  const ordered = node.type === 'condition' && !node.properties.isInterflow && !node.properties.isBranchFlow;
  const priority = !ordered
    ? ''
    : isDefault
      ? t('designer.defaultBranch')
      : t('designer.priority', { n: Number(node.properties.priority ?? 0) + 1 });
  const removable = node.type !== 'start' && !props.readOnly && !isDefault;
  const classes = [
    'wf-node',
    `wf-node-${node.type}`,
    props.selected === node.nodeId ? 'wf-node-selected' : '',
    error ? 'wf-node-error' : '',
    state ? `wf-node-${state}` : props.states ? 'wf-node-pending' : '',
  ].join(' ');
  return (
    <div className={classes} data-node-id={node.nodeId}>
      <button
        type="button"
        className="wf-node-body"
        onClick={() => props.onSelect?.(node.nodeId)}
        disabled={!props.onSelect}
        aria-label={[title, priority, summary(node), state ? t(`detail.nodeState.${state}`) : '']
          .filter(Boolean)
          .join(' ')}
      >
        <div className="wf-node-title">
          {title}
          {priority ? <span className="wf-node-priority">{priority}</span> : null}
        </div>
        <div className="wf-node-content">{summary(node)}</div>
        {state ? <div className="wf-node-state">{t(`detail.nodeState.${state}`)}</div> : null}
      </button>
      {error ? (
        <div className="wf-node-error-text" role="alert">
          {error}
        </div>
      ) : null}
      {removable ? (
        <Button
          className="wf-node-remove"
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('designer.removeNode', { name: title })}
          onClick={() => props.dispatch?.({ type: 'remove', nodeId: node.nodeId })}
        />
      ) : null}
      {branch && node.type === 'condition' && !props.readOnly && !isDefault ? (
        <div className="wf-node-move">
          <Button
            type="text"
            size="small"
            icon={<LeftOutlined />}
            disabled={branch.index === 0}
            aria-label={t('designer.moveLeft', { name: title })}
            onClick={() => props.dispatch?.({ type: 'moveBranch', nodeId: node.nodeId, step: -1 })}
          />
          <Button
            type="text"
            size="small"
            icon={<RightOutlined />}
            disabled={branch.index >= branch.count - 2}
            aria-label={t('designer.moveRight', { name: title })}
            onClick={() => props.dispatch?.({ type: 'moveBranch', nodeId: node.nodeId, step: 1 })}
          />
        </div>
      ) : null}
    </div>
  );
}

function Split({ node, props }: { node: FlowNode; props: CanvasProps }) {
  const { t } = useTranslation('workflow');
  const branches = node.conditionNodes ?? [];
  const kind = node.conditionType ?? 'condition';
  return (
    <div className="wf-split" data-node-id={node.nodeId}>
      {props.readOnly ? null : (
        <div className="wf-split-tools">
          <Button size="small" onClick={() => props.dispatch?.({ type: 'addBranch', split: node.nodeId })}>
            {t(`designer.addBranch.${kind}`)}
          </Button>
          <Button
            size="small"
            type="text"
            danger
            icon={<CloseOutlined />}
            aria-label={t('designer.removeSplit')}
            onClick={() => props.dispatch?.({ type: 'remove', nodeId: node.nodeId })}
          />
        </div>
      )}
      <div className="wf-branches">
        {branches.map((branch, index) => (
          <div className="wf-branch" key={branch.nodeId}>
            <Chain node={branch} props={props} branch={{ index, count: branches.length }} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** A node, the "+" after it, and what follows; a split node shows its branches side by side. */
function Chain({
  node,
  props,
  branch,
}: {
  node: FlowNode | null | undefined;
  props: CanvasProps;
  branch?: { index: number; count: number };
}) {
  if (!node) return null;
  return (
    <>
      {node.type === 'empty' && node.conditionNodes ? (
        <Split node={node} props={props} />
      ) : (
        <NodeCard node={node} props={props} branch={branch} />
      )}
      <AddButton after={node.nodeId} props={props} />
      <Chain node={node.childNode} props={props} />
    </>
  );
}

/** The node tree as the platform draws it: cards top to bottom, branches side by side, "+" between nodes. */
export function FlowCanvas(props: CanvasProps) {
  const { t } = useTranslation('workflow');
  return (
    <div className="wf-canvas" data-testid="flow-canvas">
      <div className="wf-tree">
        <Chain node={props.tree} props={props} />
        <div className="wf-end">{t('designer.end')}</div>
      </div>
    </div>
  );
}
