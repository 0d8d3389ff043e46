import { describe, expect, test } from 'vitest';
import * as rules from './index.ts';

// The one-line examples of packages/shared/README.md, kept true.
describe('README examples', () => {
  const day = new Date(2024, 0, 5);
  test.each<[string, () => unknown, unknown]>([
    ['validatePattern', () => rules.validatePattern('mobile', '123'), '请正确输入您的手机号'],
    ['validateLandline', () => rules.validateLandline('0755-1234567-801'), null],
    ['validateTelephone', () => rules.validateTelephone('010-123456'), '请正确输入您的电话号码'],
    [
      'checkPasswordPolicy',
      () => rules.checkPasswordPolicy('abcdefg1', { passwordStrengthLimit: 1, includeUppercaseLetters: 1 }),
      '新密码必须包含大写字母',
    ],
    ['toChineseAmount', () => rules.toChineseAmount(10.05), '壹拾元零伍分'],
    [
      'formatNumberInput',
      () => rules.formatNumberInput(1234567.895, { precision: 2, thousands: true }),
      '1,234,567.90',
    ],
    ['maskText', () => rules.maskText('13800138000', { maskType: 3 }), '138****8000'],
    ['evaluateExpression', () => rules.evaluateExpression('(a + b) × c', { a: 2, b: 3, c: 4 }), 20],
    [
      'formatBillNumber',
      () =>
        rules.formatBillNumber({
          prefix: 'HT',
          dateFormat: 'YYYYMMDD',
          digit: 4,
          startNumber: '1',
          suffix: 'X',
          now: day,
        }),
      'HT202401050001X',
    ],
    ['billRulePreview', () => rules.billRulePreview({ type: 1, dateFormat: 'no', digit: 3, startNumber: '7' }), '007'],
    [
      'allocateBillNumber',
      () =>
        rules.allocateBillNumber({ type: 1, prefix: 'NO', dateFormat: 'YYYY', digit: 4, startNumber: '0001' }, 9, day),
      'NO20240010',
    ],
    [
      'validateBillRuleForm',
      () => rules.validateBillRuleForm({ type: 2 }),
      { fullName: '请输入名称', enCode: '请输入编码', category: '请选择分类' },
    ],
    ['formatDate', () => rules.formatDate(new Date(2024, 0, 5, 9, 3, 7), 'yyyy-MM-dd HH:mm:ss'), '2024-01-05 09:03:07'],
    ['formatFileSize', () => rules.formatFileSize(1536), '1.50 KB'],
    [
      'checkFileBeforeUpload',
      () => rules.checkFileBeforeUpload({ name: 'a.pdf', size: 1 }, { limit: 3, currentCount: 3 }),
      '当前限制最多可以上传3个文件',
    ],
    ['acceptText', () => rules.acceptText('image/*,.xls,.xlsx'), '图片、excel'],
    [
      'summarizeColumn',
      () => rules.summarizeColumn([{ v: 1234.5 }], { field: 'v', label: 'V', thousands: true }),
      '1,234.50',
    ],
    ['isValidAreaValue', () => rules.isValidAreaValue([['1', '2']]), false],
    ['dynamicQrPayload', () => rules.dynamicQrPayload({ id: 'r1' }), null],
    ['qrcodeText', () => rules.qrcodeText({ dataType: 'static', staticText: 'hi' }), 'hi'],
    ['timeLimits', () => rules.timeLimits('08:30'), { start: '08:30:00', end: '23:59:59' }],
  ])('%s', (_name, run, expected) => {
    expect(run()).toEqual(expected);
  });
});
