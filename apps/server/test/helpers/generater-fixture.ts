import type { FormField } from '@platform/shared';
import { field } from './form-fields.ts';

/**
 * A form with twenty field kinds, layout around them, a sub-table, a bill rule and pickers: what
 * code generation is checked on. Names include one that is not an identifier and one that is taken
 * by every generated table (`lastModifyTime`).
 */
const options = [
  { id: '1', fullName: '事假' },
  { id: '2', fullName: '病假' },
];

export const leaveFields: FormField[] = [
  field('billRule', 'billNo', '单据编号', { rule: 'leaveNo' }),
  field('input', 'applicant', '申请人', { required: true }, { maxlength: 50 }),
  field('textarea', 'reason', '请假原因', {}, { maxlength: 500 }),
  field('inputNumber', 'days', '请假天数', { required: true }, { min: 0, max: 365 }),
  field('rate', 'urgency', '紧急程度'),
  {
    __config__: {
      jnpfKey: 'row',
      formId: 43,
      children: [
        field('datePicker', 'startDate', '开始日期', { span: 12 }),
        field('timePicker', 'startTime', '开始时间', { span: 12 }),
      ],
    },
  },
  field('dateRange', 'period', '请假区间'),
  field('select', 'leaveType', '请假类型', {}, { options }),
  field('radio', 'halfDay', '半天', {}, { options }),
  field('checkbox', 'notify', '通知', {}, { options }),
  {
    __config__: {
      jnpfKey: 'collapse',
      formId: 44,
      children: [
        {
          title: '加急处理',
          name: 'urgent',
          __config__: { jnpfKey: 'collapseItem', children: [field('switch', 'urgent', '加急')] },
        },
      ],
    },
  },
  field('userSelect', 'deputy', '代理人'),
  field('depSelect', 'department', '部门', {}, { multiple: true }),
  field('posSelect', 'position', '岗位'),
  field('uploadFile', 'attachments', '附件'),
  field('colorPicker', 'label-color', '标记颜色'),
  field('createUser', 'creator', '创建人'),
  field('createTime', 'createdAt', '创建时间'),
  field('currOrganize', 'organize', '所属组织'),
  field('modifyTime', 'lastModifyTime', '修改时间'),
  {
    __config__: {
      jnpfKey: 'card',
      label: '补充',
      formId: 40,
      children: [
        field('areaSelect', 'region', '地区'),
        { __config__: { jnpfKey: 'divider', label: '——', formId: 41 } },
      ],
    },
  },
  {
    __vModel__: 'handovers',
    __config__: {
      jnpfKey: 'table',
      label: '工作交接',
      children: [
        field('input', 'task', '事项', { required: true }),
        field('userSelect', 'receiver', '接手人'),
        field('inputNumber', 'hours', '工时'),
        field('date', 'due', '完成日期'),
      ],
    },
  },
];

export const leaveForm = { popupType: 'general', fields: leaveFields };
export const leaveList = {
  columnList: [
    { prop: 'applicant', label: '申请人' },
    { prop: 'days', label: '请假天数' },
    { prop: 'deputy', label: '代理人' },
  ],
};
