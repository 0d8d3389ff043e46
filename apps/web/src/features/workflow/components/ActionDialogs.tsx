import { useQuery } from '@tanstack/react-query';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { PickerField } from '../../../shared/components/index.ts';
import { taskApi } from '../api.ts';
import type { CandidateAnswer } from '../wire.ts';
import { EngineField } from './EngineField.tsx';

/** Form dialogs of the run time: 600 px (DESIGN.md). */
const dialogWidth = 600;

export interface CandidateChoice {
  branchList?: string[];
  candidateList?: Record<string, string[]>;
}

/**
 * The answer of `Candidates` (type 1: which branches to follow, type 2: who handles the next
 * nodes) or of a launch that needs handlers (`handlers`): the user chooses, then the call is sent again.
 */
export function CandidatesDialog({
  answer,
  handlers,
  onCancel,
  onOk,
}: {
  answer: CandidateAnswer | null;
  /** The "pick handlers" answer: nodes whose handlers could not be resolved. */
  handlers?: boolean;
  onCancel: () => void;
  onOk: (choice: CandidateChoice) => void;
}) {
  const { t } = useTranslation('workflow');
  const [form] = Form.useForm<{ branchList?: string[]; users?: Record<string, string[]> }>();
  const branch = answer?.type === 1 && !handlers;
  const submit = async () => {
    let values: { branchList?: string[]; users?: Record<string, string[]> };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (branch) onOk({ branchList: values.branchList ?? [] });
    else onOk({ candidateList: values.users ?? {} });
  };
  const nodes = (answer?.list ?? []).filter((n) => handlers || branch || n.isCandidates !== false);
  return (
    <Modal
      open={!!answer}
      width={dialogWidth}
      title={t(handlers ? 'candidates.handlersTitle' : branch ? 'candidates.branchTitle' : 'candidates.title')}
      okText={t('ok')}
      cancelText={t('cancel')}
      onCancel={onCancel}
      onOk={() => void submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        {branch ? (
          <Form.Item
            name="branchList"
            label={t('candidates.branches')}
            rules={[{ required: true, message: t('candidates.chooseBranch') }]}
          >
            <Checkbox.Group options={nodes.map((n) => ({ value: n.nodeId, label: n.nodeName }))} />
          </Form.Item>
        ) : (
          nodes.map((n) => (
            <Form.Item
              key={n.nodeId}
              name={['users', n.nodeId]}
              label={n.nodeName}
              rules={[{ required: true, message: t('candidates.chooseUser', { name: n.nodeName }) }]}
            >
              <PickerField kind="user" multiple />
            </Form.Item>
          ))
        )}
      </Form>
    </Modal>
  );
}

/**
 * 拒绝: asks before sending the task back. Where the node says the target is chosen at run time
 * (rejectStep '2'), the user picks one of the passed nodes; the start node goes as '0'.
 */
export function RejectDialog({
  operatorId,
  choose,
  sign,
  startNodeId,
  open,
  onCancel,
  onOk,
}: {
  operatorId: string;
  choose: boolean;
  /** The flow or node asks for a signature (`hasSign`). */
  sign: boolean;
  startNodeId: string;
  open: boolean;
  onCancel: () => void;
  onOk: (rejectStep: string | undefined, signImg: string) => void;
}) {
  const { t } = useTranslation('workflow');
  const [form] = Form.useForm<{ rejectStep?: string; signImg?: string }>();
  const steps = useQuery({
    queryKey: ['workflow', 'rejectList', operatorId],
    queryFn: () => taskApi.rejectList(operatorId),
    enabled: open && choose && !!operatorId,
    gcTime: 0,
    retry: false,
  });
  const list = (steps.data?.list ?? []).map((s) => (s.nodeCode === startNodeId ? { ...s, nodeCode: '0' } : s));
  return (
    <Modal
      open={open}
      width={dialogWidth}
      title={t('reject.title')}
      okText={t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{ danger: true }}
      onCancel={onCancel}
      onOk={() =>
        void form
          .validateFields()
          .then((values) => onOk(values.rejectStep, values.signImg ?? ''))
          .catch(() => undefined)
      }
      destroyOnHidden
    >
      <p>{t('reject.question')}</p>
      <Form form={form} layout="vertical" preserve={false}>
        {list.length ? (
          <Form.Item name="rejectStep" label={t('reject.step')} initialValue={list[0]?.nodeCode}>
            <Select options={list.map((s) => ({ value: s.nodeCode, label: s.nodeName }))} />
          </Form.Item>
        ) : null}
        {sign ? <SignatureItem /> : null}
      </Form>
    </Modal>
  );
}

/** The signature an approval carries when the flow or node asks for one: drawn in the form engine's "请签名" dialog. */
function SignatureItem() {
  const { t } = useTranslation('workflow');
  return (
    <Form.Item
      name="signImg"
      label={t('sign.label')}
      rules={[{ required: true, message: t('sign.required') }]}
      getValueFromEvent={(value: unknown) => value}
    >
      <EngineField kind="signature" id="wf-sign" label={t('sign.label')} />
    </Form.Item>
  );
}

/** 同意 on a flow or node that asks for a signature (`hasSign`): the signature, then the agreement goes. */
export function SignDialog({
  open,
  onCancel,
  onOk,
}: {
  open: boolean;
  onCancel: () => void;
  onOk: (signImg: string) => void;
}) {
  const { t } = useTranslation('workflow');
  const [form] = Form.useForm<{ signImg?: string }>();
  return (
    <Modal
      open={open}
      width={dialogWidth}
      title={t('sign.title')}
      okText={t('ok')}
      cancelText={t('cancel')}
      onCancel={onCancel}
      onOk={() =>
        void form
          .validateFields()
          .then((values) => onOk(values.signImg ?? ''))
          .catch(() => undefined)
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <SignatureItem />
      </Form>
    </Modal>
  );
}

/** 转办 and 加签: the user the task goes to (and, adding a signer, before or after this one). */
export function UserActionDialog({
  kind,
  onCancel,
  onOk,
}: {
  kind: 'transfer' | 'freeApprover' | null;
  onCancel: () => void;
  onOk: (userId: string, freeApproverType: number) => void;
}) {
  const { t } = useTranslation('workflow');
  const [form] = Form.useForm<{ userId: string; freeApproverType: number }>();
  const submit = async () => {
    try {
      const values = await form.validateFields();
      onOk(values.userId, values.freeApproverType ?? 1);
    } catch {
      // the messages show under the fields
    }
  };
  return (
    <Modal
      open={!!kind}
      width={dialogWidth}
      title={kind ? t(`actions.${kind}`) : ''}
      okText={t('ok')}
      cancelText={t('cancel')}
      onCancel={onCancel}
      onOk={() => void submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ freeApproverType: 2 }}>
        <Form.Item
          name="userId"
          label={t(kind === 'transfer' ? 'transferTo' : 'freeApproverUser')}
          rules={[{ required: true, message: t('chooseUser') }]}
        >
          <PickerField kind="user" />
        </Form.Item>
        {kind === 'freeApprover' ? (
          <Form.Item name="freeApproverType" label={t('freeApproverType')}>
            <Radio.Group
              options={[
                { value: 1, label: t('freeApproverTypes.1') },
                { value: 2, label: t('freeApproverTypes.2') },
              ]}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
