import { describe, expect, test } from 'vitest';
import { defaultMaskConfig, type MaskConfig, maskText } from './mask.ts';

describe('maskText: built-in types', () => {
  test.each<[string | number | null | undefined, number, string]>([
    ['abc', 1, '***'],
    ['张三', 1, '**'],
    ['', 1, ''],
    [null, 1, ''],
    [undefined, 3, ''],
    ['张', 2, '张'],
    ['张三', 2, '张*'],
    ['张三丰', 2, '张*丰'],
    ['欧阳娜娜', 2, '欧**娜'],
    ['13800138000', 3, '138****8000'],
    [13800138000, 3, '138****8000'],
    ['1234567', 3, '1234567'],
    ['12345678', 3, '123*5678'],
    ['zhangsan@example.com', 4, 'zha*****@example.com'],
    ['ab@x.com', 4, 'ab@x.com'],
    ['abc@x.com', 4, 'abc@x.com'],
    ['abcdef', 4, 'abc***'],
    ['abc', 4, 'abc'],
    ['11010519491231002X', 5, '110105****02X'],
    ['1234567890', 5, '123456****890'],
    ['123456789', 5, '123456789'],
    ['192.168.1.1', 6, '192.***.***.***'],
    ['10.0.0.254', 6, '10.***.***.***'],
    ['京A12345', 7, '京****45'],
    ['粤BD12345', 7, '粤*****45'],
    ['京A1', 7, '京A1'],
    ['6222021234567890123', 8, '622202*********0123'],
    ['1234567890', 8, '1234567890'],
    ['12345678901', 8, '123456*8901'],
    ['anything', 9, 'anything'],
  ])('%j type %i → %s', (value, maskType, expected) => {
    expect(maskText(value, { maskType })).toBe(expected);
  });

  test('the default is mask all with "*"', () => {
    expect(defaultMaskConfig.filler).toBe('*');
    expect(maskText('secret')).toBe('******');
  });

  test('another filler', () => {
    expect(maskText('abc', { maskType: 1, filler: '#' })).toBe('###');
  });
});

describe('maskText: custom (type 0)', () => {
  test.each<[string, Partial<MaskConfig>, string]>([
    ['abcdefgh', { prefixType: 2, prefixLimit: 3, suffixType: 2, suffixLimit: 2 }, 'abc***gh'],
    ['abcdefgh', {}, '********'],
    ['abcdefgh', { prefixType: 2, prefixLimit: 5, suffixType: 2, suffixLimit: 5 }, 'abcdefgh'],
    ['abcdefgh', { prefixType: 2, prefixLimit: 4, suffixType: 2, suffixLimit: 4 }, 'abcdefgh'],
    ['ab-cd-ef', { prefixType: 3, prefixSpecifyChar: '-' }, 'ab******'],
    ['ab-cd-ef', { prefixType: 4, prefixSpecifyChar: '-' }, 'ab-*****'],
    ['ab-cd-ef', { prefixType: 3, prefixSpecifyChar: '#' }, '********'],
    ['user@mail.com', { suffixType: 3, suffixSpecifyChar: '@' }, '*****mail.com'],
    ['user@mail.com', { suffixType: 4, suffixSpecifyChar: '@' }, '****@mail.com'],
    ['2024-01-15', { ignoreChar: '-' }, '****-**-**'],
    ['a-b_c', { ignoreChar: '-,_' }, '*-*_*'],
    ['a*b', { ignoreChar: '*', filler: '#' }, '#*#'],
    ['abcdefg', { prefixType: 2, prefixLimit: 1, useUnrealMask: true, unrealMaskLength: 3 }, 'a***'],
    ['abcdefg', { useUnrealMask: true, unrealMaskLength: 0 }, '*'],
    ['2024-01-15', { ignoreChar: '-', useUnrealMask: true, unrealMaskLength: 1 }, '*-*-*'],
    ['13800138000', { prefixType: 2, prefixLimit: 3, suffixType: 2, suffixLimit: 4 }, '138****8000'],
  ])('%s %j → %s', (value, config, expected) => {
    expect(maskText(value, { ...config, maskType: 0 })).toBe(expected);
  });
});
