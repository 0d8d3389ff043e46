import { describe, expect, test } from 'vitest';
import { type SendConfigValues, sendConfigInput } from './SendConfigForm.tsx';

describe('a send configuration as the server takes it', () => {
  test('each channel keeps its id and account; the switch is its enabledMark; a new one has no id', () => {
    const values: SendConfigValues = {
      fullName: '审批结果',
      enCode: 'approveResult',
      sortCode: 0,
      enabled: true,
      templateType: 0,
      sendConfigTemplateList: [
        { id: 'c1', messageType: '1', templateId: 't1', enabled: true },
        { id: 'c2', messageType: '3', templateId: 't2', accountConfigId: 'a1', enabled: false },
        { messageType: '2', templateId: 't3', enabled: true },
      ],
    };
    expect(sendConfigInput(values)).toEqual({
      messageSource: '',
      templateType: 0,
      sendConfigTemplateList: [
        { id: 'c1', messageType: '1', templateId: 't1', enabledMark: 1 },
        { id: 'c2', messageType: '3', templateId: 't2', accountConfigId: 'a1', enabledMark: 0 },
        { messageType: '2', templateId: 't3', enabledMark: 1 },
      ],
    });
  });
});
