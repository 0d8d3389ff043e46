import type { ScheduleInfo, ScheduleInput, ScheduleScope } from '@platform/shared';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactSelect } from '../../../shared/components/pickers/ContactSelect.tsx';
import { useToast } from '../../../shared/toast.tsx';
import { scheduleApi } from '../api.ts';
import { ScopeDialog } from './ScopeDialog.tsx';

interface Values {
  title: string;
  content?: string;
  category?: string;
  urgent: number;
  allDay: boolean;
  start: Dayjs;
  end: Dayjs;
  reminderTime: number;
  repetition: string;
  repeatTime?: Dayjs | null;
  toUserIds: string[];
}

const reminderOptions = [-2, -1, 5, 10, 15, 30, 60, 1440];
const minuteFormat = 'YYYY-MM-DD HH:mm';

function toInput(values: Values): ScheduleInput {
  const start = values.allDay ? values.start.startOf('day') : values.start;
  const end = values.allDay ? values.end.endOf('day').startOf('minute') : values.end;
  return {
    title: values.title.trim(),
    content: values.content ?? '',
    category: values.category || undefined,
    urgent: values.urgent,
    allDay: values.allDay,
    startDay: start.valueOf(),
    endDay: end.valueOf(),
    reminderTime: values.reminderTime,
    repetition: values.repetition as unknown as ScheduleInput['repetition'],
    repeatTime: values.repetition !== '1' && values.repeatTime ? values.repeatTime.endOf('day').valueOf() : null,
    toUserIds: values.toUserIds ?? [],
  };
}

/**
 * The form's values when it opens: the entry being edited, or a new one-hour entry at the next full
 * hour (at 9:00 when a day was picked in the calendar), not repeating, reminding at its start.
 */
function initialValues(editing: ScheduleInfo | undefined, initialStart: Date | undefined): Values {
  if (editing) {
    return {
      title: editing.title,
      content: editing.content ?? '',
      category: editing.category ?? undefined,
      urgent: editing.urgent,
      allDay: editing.allDay,
      start: dayjs(editing.startDay),
      end: dayjs(editing.endDay),
      reminderTime: editing.reminderTime,
      repetition: editing.repetition,
      repeatTime: editing.repeatTime ? dayjs(editing.repeatTime) : null,
      toUserIds: editing.toUserIds,
    };
  }
  const base = initialStart ? dayjs(initialStart) : dayjs();
  const start = base.hour() === 0 && initialStart ? base.hour(9) : base.add(1, 'hour').startOf('hour');
  return {
    title: '',
    content: '',
    urgent: 1,
    allDay: false,
    start,
    end: start.add(1, 'hour'),
    reminderTime: -2,
    repetition: '1',
    repeatTime: null,
    toUserIds: [],
  };
}

/** Create or edit an entry (600 px form dialog). A repeating entry asks which entries the change is for. */
export function ScheduleFormDialog({
  open,
  editing,
  initialStart,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The entry being edited; absent to create. */
  editing?: ScheduleInfo;
  initialStart?: Date;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('schedule');
  const toast = useToast();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [pending, setPending] = useState<ScheduleInput | null>(null);
  const repetition = Form.useWatch('repetition', form);
  const allDay = Form.useWatch('allDay', form);
  // An edited entry's people stay listed while the search does not find them.
  const editingPeople = (editing?.toUserIds ?? []).map((id, index) => ({
    value: id,
    label: editing?.toUser[index] ?? id,
  }));

  useEffect(() => {
    if (open) form.setFieldsValue(initialValues(editing, initialStart));
  }, [open, editing, initialStart, form]);

  const save = async (input: ScheduleInput, scope: ScheduleScope) => {
    setSaving(true);
    try {
      const answer = editing ? await scheduleApi.update(editing.id, scope, input) : await scheduleApi.create(input);
      toast.success({ content: answer.msg, duration: 1.5 });
      setPending(null);
      onSaved();
      onClose();
    } finally {
      setSaving(false);
    }
  };

  const submit = async () => {
    const values = await form.validateFields();
    const input = toInput(values);
    if (editing && editing.repetition !== '1') {
      setPending(input);
      return;
    }
    await save(input, 1).catch(() => undefined);
  };

  return (
    <Modal
      open={open}
      title={editing ? t('edit') : t('add')}
      width={600}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }} preserve={false}>
        <Form.Item
          name="title"
          label={t('fields.title')}
          rules={[{ required: true, whitespace: true, message: t('rules.title') }]}
        >
          <Input maxLength={200} placeholder={t('placeholders.title')} />
        </Form.Item>
        <Form.Item name="category" label={t('fields.category')}>
          <Select
            allowClear
            placeholder={t('placeholders.select')}
            options={['1', '2', '3', '4'].map((value) => ({ value, label: t(`categories.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="urgent" label={t('fields.urgent')}>
          <Select options={[1, 2, 3].map((value) => ({ value, label: t(`urgency.${value}`) }))} />
        </Form.Item>
        <Form.Item name="allDay" label={t('fields.allDay')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="start" label={t('fields.startDay')} rules={[{ required: true, message: t('rules.startDay') }]}>
          <DatePicker showTime={!allDay} format={allDay ? 'YYYY-MM-DD' : minuteFormat} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="end"
          label={t('fields.endDay')}
          dependencies={['start']}
          rules={[
            { required: true, message: t('rules.endDay') },
            ({ getFieldValue }) => ({
              validator: (_, value: Dayjs | undefined) => {
                const start = getFieldValue('start') as Dayjs | undefined;
                return value && start && value.isBefore(start)
                  ? Promise.reject(new Error(t('rules.endBeforeStart')))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <DatePicker showTime={!allDay} format={allDay ? 'YYYY-MM-DD' : minuteFormat} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="reminderTime" label={t('fields.reminder')}>
          <Select options={reminderOptions.map((value) => ({ value, label: t(`reminders.${value}`) }))} />
        </Form.Item>
        <Form.Item name="repetition" label={t('fields.repetition')}>
          <Select options={['1', '2', '3', '4', '5'].map((value) => ({ value, label: t(`repetitions.${value}`) }))} />
        </Form.Item>
        {repetition && repetition !== '1' ? (
          <Form.Item name="repeatTime" label={t('fields.repeatTime')}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        ) : null}
        <Form.Item name="toUserIds" label={t('fields.toUsers')}>
          <ContactSelect active={open} chosen={editingPeople} placeholder={t('placeholders.toUsers')} />
        </Form.Item>
        <Form.Item name="content" label={t('fields.content')}>
          <Input.TextArea rows={4} maxLength={20000} placeholder={t('placeholders.content')} />
        </Form.Item>
      </Form>
      <ScopeDialog
        open={!!pending}
        title={t('editScopeTitle')}
        onCancel={() => setPending(null)}
        onConfirm={async (scope) => {
          if (pending) await save(pending, scope).catch(() => undefined);
        }}
      />
    </Modal>
  );
}
