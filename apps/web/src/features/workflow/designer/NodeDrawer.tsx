import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { ApproverSettings } from './node-settings/ApproverSettings.tsx';
import { ConditionEditor } from './node-settings/ConditionEditor.tsx';
import { MessageSettings, subFlowEvents } from './node-settings/MessageSettings.tsx';
import { StartSettings } from './node-settings/StartSettings.tsx';
import { TimerSettings } from './node-settings/TimerSettings.tsx';
import { SubFlowSettings } from './SubFlowSettings.tsx';
import { type NodeDrawerProps, useNodeDrawer } from './useNodeDrawer.ts';

export type { NodeDrawerProps } from './useNodeDrawer.ts';

/** The designer's property drawer: 700 px (DESIGN.md drawer widths). */
const drawerWidth = 700;

/** The properties of one node, by its kind; 确定 writes them into the tree. */
export function NodeDrawer(props: NodeDrawerProps) {
  const { tree, node, fields, forms, flows, onClose } = props;
  const { t } = useTranslation('workflow');
  const { form, save, title } = useNodeDrawer(props);
  return (
    <Drawer
      open={!!node}
      rootClassName="wf-node-drawer"
      width={drawerWidth}
      title={title}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" onClick={save}>
            {t('ok')}
          </Button>
        </Space>
      }
    >
      {node ? (
        <Form form={form} layout="horizontal" labelCol={{ flex: '110px' }} className="wf-props">
          <Form.Item name="title" label={t('props.title')}>
            <Input maxLength={50} />
          </Form.Item>
          {node.type === 'start' ? <StartSettings fields={fields} forms={forms} /> : null}
          {node.type === 'approver' ? <ApproverSettings tree={tree} node={node} fields={fields} /> : null}
          {node.type === 'condition' ? (
            node.properties.isDefault === true ? (
              <div className="wf-muted">{t('summary.otherwise')}</div>
            ) : (
              <ConditionEditor fields={fields} />
            )
          ) : null}
          {node.type === 'timer' ? <TimerSettings /> : null}
          {node.type === 'subFlow' ? (
            <>
              <SubFlowSettings flows={flows} fields={fields} />
              <MessageSettings events={subFlowEvents} followsStart={false} fields={fields} />
            </>
          ) : null}
        </Form>
      ) : null}
    </Drawer>
  );
}
