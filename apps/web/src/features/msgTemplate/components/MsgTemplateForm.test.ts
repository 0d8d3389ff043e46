import { describe, expect, test } from 'vitest';
import { type MsgTemplateValues, templateInput } from './MsgTemplateForm.tsx';

const values = (fields: Partial<MsgTemplateValues>): MsgTemplateValues => ({
  fullName: '审批通知',
  enCode: 'approve',
  sortCode: 0,
  enabled: true,
  messageType: '1',
  templateType: 0,
  templateParamList: [],
  smsFieldList: [],
  ...fields,
});

describe('a template as the server takes it', () => {
  test('in-app: title and content, no provider fields; an unnamed parameter is named after its field', () => {
    expect(
      templateInput(
        values({
          title: '{name} 的申请',
          content: '单号 {code}',
          templateCode: 'left over',
          smsFieldList: [{ smsField: 'x', field: 'name' }],
          templateParamList: [
            { field: 'name', fieldName: '姓名' },
            { field: ' code ', fieldName: '' },
          ],
        }),
      ),
    ).toEqual({
      messageType: '1',
      messageSource: '',
      templateType: 0,
      title: '{name} 的申请',
      content: '单号 {code}',
      templateCode: '',
      wxSkip: '',
      xcxAppId: '',
      templateParamList: [
        { field: 'name', fieldName: '姓名' },
        { field: 'code', fieldName: 'code' },
      ],
      smsFieldList: [],
    });
  });

  test('SMS: the provider code and the variable mapping instead of the text', () => {
    expect(
      templateInput(
        values({
          messageType: '3',
          title: 'left over',
          content: 'left over',
          templateCode: ' SMS_1 ',
          smsFieldList: [{ smsField: 'code', field: 'code', isTitle: true }],
        }),
      ),
    ).toMatchObject({
      title: '',
      content: '',
      templateCode: 'SMS_1',
      wxSkip: '',
      smsFieldList: [{ smsField: 'code', field: 'code' }],
    });
  });

  test('WeChat: where it opens, the mini programme only when it opens one, and which variable is the title', () => {
    const wechat = values({
      messageType: '7',
      templateCode: 'WX_1',
      wxSkip: '1',
      xcxAppId: ' wx123 ',
      smsFieldList: [
        { smsField: 'first', field: 'name', isTitle: true },
        { smsField: 'keyword1', field: 'code' },
      ],
    });
    expect(templateInput(wechat)).toMatchObject({
      wxSkip: '1',
      xcxAppId: 'wx123',
      smsFieldList: [
        { smsField: 'first', field: 'name', isTitle: 1 },
        { smsField: 'keyword1', field: 'code', isTitle: 0 },
      ],
    });
    expect(templateInput({ ...wechat, wxSkip: '0' })).toMatchObject({ wxSkip: '0', xcxAppId: '' });
  });
});
