import { describe, expect, test } from 'vitest';
import {
  ACCOUNT_MESSAGE,
  CHINESE_MESSAGE,
  DIGITS_MESSAGE,
  EMAIL_MESSAGE,
  EN_CODE_MESSAGE,
  FIELD_NAME_MESSAGE,
  FULL_NAME_MESSAGE,
  HALF_HOUR_MESSAGE,
  ID_CARD_MESSAGE,
  idCardCheckDigit,
  isArray,
  isExternalLink,
  isHttpUrl,
  isString,
  isUrl,
  isValidIdCard,
  LANDLINE_MESSAGE,
  LOGIN_MOBILE_MESSAGE,
  MOBILE_MESSAGE,
  PASSWORD_MESSAGE,
  PLATE_NUMBER_MESSAGE,
  POSITIVE_INTEGER_MESSAGE,
  TELEPHONE_MESSAGE,
  type ValidationPatternName,
  validateAccount,
  validateChinese,
  validateDigits,
  validateEmail,
  validateEnCode,
  validateFieldName,
  validateFullName,
  validateHalfHour,
  validateIdCard,
  validateLandline,
  validateMobile,
  validatePassword,
  validatePattern,
  validatePlateNumber,
  validatePositiveInteger,
  validateTelephone,
  validationPatterns,
} from './patterns.ts';

describe('messages are the spec texts', () => {
  test.each([
    [MOBILE_MESSAGE, '请正确输入您的手机号'],
    [LOGIN_MOBILE_MESSAGE, '请输入正确的手机号'],
    [LANDLINE_MESSAGE, '请正确输入您的固定电话号码'],
    [TELEPHONE_MESSAGE, '请正确输入您的电话号码'],
    [PASSWORD_MESSAGE, '6-16位字符的密码（数字和字母组成）'],
    [FULL_NAME_MESSAGE, '名称不能含有特殊符号'],
    [EN_CODE_MESSAGE, '编码只能输入英文、数字和小数点且小数点不能放在首尾'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('mobile: 11 digits starting 1[3-9]', () => {
  test.each([
    ['13800138000', null],
    ['13912345678', null],
    ['14712345678', null],
    ['15012345678', null],
    ['16612345678', null],
    ['17012345678', null],
    ['18612345678', null],
    ['19912345678', null],
    ['12812345678', MOBILE_MESSAGE],
    ['10812345678', MOBILE_MESSAGE],
    ['23800138000', MOBILE_MESSAGE],
    ['1380013800', MOBILE_MESSAGE],
    ['138001380001', MOBILE_MESSAGE],
    ['1380013800a', MOBILE_MESSAGE],
    ['+8613800138000', MOBILE_MESSAGE],
    ['138 0013 8000', MOBILE_MESSAGE],
    ['', null],
    [null, null],
    [undefined, null],
    [13800138000, null],
  ])('%j → %j', (value, expected) => {
    expect(validateMobile(value)).toBe(expected);
  });
});

describe('landline: optional area code, 7-8 digit local number, optional extension', () => {
  test.each([
    ['010-12345678', null],
    ['021-87654321', null],
    ['0755-1234567', null],
    ['0755-12345678', null],
    ['075512345678', null],
    ['12345678', null],
    ['2345678', null],
    ['010-12345678-801', null],
    ['0755-1234567-123456', null],
    ['12345678-8', null],
    ['010-1234567890', LANDLINE_MESSAGE],
    ['010-123456', LANDLINE_MESSAGE],
    ['010-02345678', LANDLINE_MESSAGE],
    ['01234567', LANDLINE_MESSAGE],
    ['0010-12345678', LANDLINE_MESSAGE],
    ['10-12345678', LANDLINE_MESSAGE],
    ['010-12345678-1234567', LANDLINE_MESSAGE],
    ['010-12345678-', LANDLINE_MESSAGE],
    ['010 12345678', LANDLINE_MESSAGE],
    ['(010)12345678', LANDLINE_MESSAGE],
    ['+86-10-12345678', LANDLINE_MESSAGE],
    ['010-1234567a', LANDLINE_MESSAGE],
    ['13800138000', LANDLINE_MESSAGE],
    ['', null],
    [null, null],
    [undefined, null],
    [12345678, null],
  ])('%j → %j', (value, expected) => {
    expect(validateLandline(value)).toBe(expected);
  });
});

describe('telephone: a landline or a mobile number', () => {
  test.each([
    ['010-12345678', null],
    ['0755-1234567-123', null],
    ['12345678', null],
    ['13800138000', null],
    ['19912345678', null],
    ['12812345678', TELEPHONE_MESSAGE],
    ['1380013800', TELEPHONE_MESSAGE],
    ['138001380001', TELEPHONE_MESSAGE],
    ['13800138000-1', TELEPHONE_MESSAGE],
    ['010-123456', TELEPHONE_MESSAGE],
    ['phone', TELEPHONE_MESSAGE],
    ['', null],
    [null, null],
  ])('%j → %j', (value, expected) => {
    expect(validateTelephone(value)).toBe(expected);
  });
});

describe('password: 6-16 letters and digits, mixed', () => {
  test.each([
    ['abc123', null],
    ['A1b2C3', null],
    ['1234567a', null],
    ['abcdefghijklmno1', null],
    ['abcdefghijklmnop1', PASSWORD_MESSAGE],
    ['abc12', PASSWORD_MESSAGE],
    ['123456', PASSWORD_MESSAGE],
    ['abcdef', PASSWORD_MESSAGE],
    ['ABCDEF', PASSWORD_MESSAGE],
    ['abc 123', PASSWORD_MESSAGE],
    ['abc_123', PASSWORD_MESSAGE],
    ['abc123!', PASSWORD_MESSAGE],
    ['密码abc123', PASSWORD_MESSAGE],
    ['', null],
  ])('%j → %j', (value, expected) => {
    expect(validatePassword(value)).toBe(expected);
  });
});

describe('Chinese ID card with check digit', () => {
  test.each([
    ['11010519491231002X', null],
    ['11010519491231002x', null],
    ['440524188001010014', null],
    ['110101199003074258', null],
    ['320311197001011230', null],
    ['510104200012310012', null],
    ['110101200002290018', null],
    ['110101199902290018', ID_CARD_MESSAGE],
    ['110101199003074259', ID_CARD_MESSAGE],
    ['110101199013074258', ID_CARD_MESSAGE],
    ['110101199003324258', ID_CARD_MESSAGE],
    ['010101199003074258', ID_CARD_MESSAGE],
    ['11010119900307425', ID_CARD_MESSAGE],
    ['1101011990030742588', ID_CARD_MESSAGE],
    ['110101990307425', ID_CARD_MESSAGE],
    ['11010519491231002Y', ID_CARD_MESSAGE],
    ['', null],
  ])('%j → %j', (value, expected) => {
    expect(validateIdCard(value)).toBe(expected);
  });

  test.each([
    ['11010519491231002', 'X'],
    ['44052418800101001', '4'],
    ['11010119900307425', '8'],
    ['32031119700101123', '0'],
  ])('check digit of %s is %s', (first17, digit) => {
    expect(idCardCheckDigit(first17)).toBe(digit);
  });

  test('isValidIdCard agrees with the validator', () => {
    expect(isValidIdCard('11010519491231002X')).toBe(true);
    expect(isValidIdCard('11010519491231002')).toBe(false);
  });
});

describe('e-mail', () => {
  test.each([
    ['user@example.com', null],
    ['first.last@example.com.cn', null],
    ['a_b-c@mail.co', null],
    ['User123@Example.COM', null],
    ['x@a.b.c.d', null],
    ['userexample.com', EMAIL_MESSAGE],
    ['user@', EMAIL_MESSAGE],
    ['@example.com', EMAIL_MESSAGE],
    ['user@example', EMAIL_MESSAGE],
    ['user@@example.com', EMAIL_MESSAGE],
    ['user name@example.com', EMAIL_MESSAGE],
    ['.user@example.com', EMAIL_MESSAGE],
    ['user@-example.com', EMAIL_MESSAGE],
    ['', null],
  ])('%j → %j', (value, expected) => {
    expect(validateEmail(value)).toBe(expected);
  });
});

describe('vehicle plate, including new-energy plates', () => {
  test.each([
    ['京A12345', null],
    ['沪B1234学', null],
    ['粤BD12345', null],
    ['粤BF12345', null],
    ['苏A12345D', null],
    ['川A1234F', null],
    ['浙AAB123', null],
    ['使A12345', null],
    ['京A1234', PLATE_NUMBER_MESSAGE],
    ['京a12345', PLATE_NUMBER_MESSAGE],
    ['AA12345', PLATE_NUMBER_MESSAGE],
    ['京112345', PLATE_NUMBER_MESSAGE],
    ['京A123456789', PLATE_NUMBER_MESSAGE],
    ['粤BX12345', PLATE_NUMBER_MESSAGE],
    ['粤BD1234', null],
    ['粤BD123', PLATE_NUMBER_MESSAGE],
    ['京A-12345', PLATE_NUMBER_MESSAGE],
    ['', null],
  ])('%j → %j', (value, expected) => {
    expect(validatePlateNumber(value)).toBe(expected);
  });
});

describe('Chinese characters only', () => {
  test.each([
    ['中文', null],
    ['张三', null],
    ['中文a', CHINESE_MESSAGE],
    ['中 文', CHINESE_MESSAGE],
    ['abc', CHINESE_MESSAGE],
    ['123', CHINESE_MESSAGE],
    ['中文！', CHINESE_MESSAGE],
    ['', null],
  ])('%j → %j', (value, expected) => {
    expect(validateChinese(value)).toBe(expected);
  });
});

describe('account: letters and digits only', () => {
  test.each([
    ['admin', null],
    ['user01', null],
    ['007', null],
    ['ADMIN', null],
    ['ad min', ACCOUNT_MESSAGE],
    ['admin_1', ACCOUNT_MESSAGE],
    ['admin@x', ACCOUNT_MESSAGE],
    ['管理员', ACCOUNT_MESSAGE],
    ['', null],
  ])('%j → %j', (value, expected) => {
    expect(validateAccount(value)).toBe(expected);
  });
});

describe('name without special symbols', () => {
  test.each([
    ['研发部', null],
    ['Dept01', null],
    ['研发部2', null],
    ['研发-部', FULL_NAME_MESSAGE],
    ['研发 部', FULL_NAME_MESSAGE],
    ['研发部!', FULL_NAME_MESSAGE],
    ['R&D', FULL_NAME_MESSAGE],
    ['a_b', FULL_NAME_MESSAGE],
    ['', null],
  ])('%j → %j', (value, expected) => {
    expect(validateFullName(value)).toBe(expected);
  });
});

describe('digits-only code', () => {
  test.each([
    ['0', null],
    ['0001', null],
    ['123456', null],
    ['12a', DIGITS_MESSAGE],
    ['-1', DIGITS_MESSAGE],
    ['1.5', DIGITS_MESSAGE],
    [' 1', DIGITS_MESSAGE],
    ['', null],
  ])('%j → %j', (value, expected) => {
    expect(validateDigits(value)).toBe(expected);
  });
});

describe('code of letters, digits and dots, no dot at the ends', () => {
  test.each([
    ['a', null],
    ['A1', null],
    ['system.user', null],
    ['v1.2.3', null],
    ['a..b', null],
    ['123', null],
    ['.abc', EN_CODE_MESSAGE],
    ['abc.', EN_CODE_MESSAGE],
    ['.', EN_CODE_MESSAGE],
    ['a-b', EN_CODE_MESSAGE],
    ['a_b', EN_CODE_MESSAGE],
    ['a b', EN_CODE_MESSAGE],
    ['编码', EN_CODE_MESSAGE],
    ['', null],
  ])('%j → %j', (value, expected) => {
    expect(validateEnCode(value)).toBe(expected);
  });
});

describe('time as integer or multiple of 0.5', () => {
  test.each([
    ['1', null],
    ['8', null],
    ['0.5', null],
    ['1.5', null],
    ['2.0', null],
    ['12.5', null],
    [7.5, null],
    ['0', HALF_HOUR_MESSAGE],
    ['1.3', HALF_HOUR_MESSAGE],
    ['1.25', HALF_HOUR_MESSAGE],
    ['1.50', HALF_HOUR_MESSAGE],
    ['-1', HALF_HOUR_MESSAGE],
    ['01', HALF_HOUR_MESSAGE],
    ['.5', HALF_HOUR_MESSAGE],
    ['abc', HALF_HOUR_MESSAGE],
  ])('%j → %j', (value, expected) => {
    expect(validateHalfHour(value)).toBe(expected);
  });
});

describe('positive integer', () => {
  test.each([
    ['1', null],
    ['10', null],
    ['999999', null],
    [5, null],
    ['0', POSITIVE_INTEGER_MESSAGE],
    ['01', POSITIVE_INTEGER_MESSAGE],
    ['-3', POSITIVE_INTEGER_MESSAGE],
    ['1.0', POSITIVE_INTEGER_MESSAGE],
    ['1e3', POSITIVE_INTEGER_MESSAGE],
  ])('%j → %j', (value, expected) => {
    expect(validatePositiveInteger(value)).toBe(expected);
  });
});

describe('field name: a letter, then letters, digits, underscore', () => {
  test.each([
    ['name', null],
    ['F_Name', null],
    ['field_1', null],
    ['a', null],
    ['_name', FIELD_NAME_MESSAGE],
    ['1name', FIELD_NAME_MESSAGE],
    ['na-me', FIELD_NAME_MESSAGE],
    ['na me', FIELD_NAME_MESSAGE],
    ['名称', FIELD_NAME_MESSAGE],
  ])('%j → %j', (value, expected) => {
    expect(validateFieldName(value)).toBe(expected);
  });
});

describe('validatePattern by name, custom message', () => {
  test.each<[ValidationPatternName, string, string | undefined, string | null]>([
    ['mobile', '123', undefined, MOBILE_MESSAGE],
    ['mobile', '123', '手机号格式错误', '手机号格式错误'],
    ['landline', '123', undefined, LANDLINE_MESSAGE],
    ['telephone', '123', '办公电话格式错误', '办公电话格式错误'],
    ['fullName', '部门#1', '部门名称不能含有特殊符号', '部门名称不能含有特殊符号'],
    [
      'enCode',
      '.a',
      '分组编码只能输入英文、数字和小数点且小数点不能放在首尾',
      '分组编码只能输入英文、数字和小数点且小数点不能放在首尾',
    ],
    ['idCard', '123', '身份证错误', '身份证错误'],
    ['idCard', '11010519491231002X', undefined, null],
    ['account', 'ok1', undefined, null],
  ])('%s %j', (name, value, message, expected) => {
    expect(validatePattern(name, value, message)).toBe(expected);
  });

  test('every pattern has a RegExp and a message', () => {
    for (const rule of Object.values(validationPatterns)) {
      expect(rule.pattern).toBeInstanceOf(RegExp);
      expect(rule.message.length).toBeGreaterThan(0);
    }
  });
});

describe('link checks', () => {
  test.each([
    ['http://example.com', true],
    ['https://example.com/a', true],
    ['mailto:a@b.com', true],
    ['tel:10086', true],
    ['ftp://example.com', false],
    ['/system/menu', false],
    ['www.example.com', false],
    ['javascript:alert(1)', false],
  ])('external %s → %s', (value, expected) => {
    expect(isExternalLink(value)).toBe(expected);
  });

  test.each([
    ['http://example.com', true],
    ['https://www.example.com.cn/path?q=1#h', true],
    ['ftp://files.example.com/pub', true],
    ['http://localhost:3000/api', true],
    ['http://192.168.1.1:8080', true],
    ['https://user:pw@example.com', true],
    ['HTTP://EXAMPLE.COM', true],
    ['mailto:a@b.com', false],
    ['http://', false],
    ['http://exa mple.com', false],
    ['http://999.1.1.1', false],
    ['example.com', false],
    ['sftp://example.com', false],
  ])('http(s)/ftp %s → %s', (value, expected) => {
    expect(isUrl(value)).toBe(expected);
  });

  test.each([
    ['http://example.com', true],
    ['https://example.com/x', true],
    ['ftp://example.com', false],
    ['//example.com', false],
    ['https:/example.com', false],
  ])('http(s) %s → %s', (value, expected) => {
    expect(isHttpUrl(value)).toBe(expected);
  });

  test.each([
    ['a', true, false],
    ['', true, false],
    [[], false, true],
    [[1], false, true],
    [1, false, false],
    [null, false, false],
  ])('string/array %j', (value, str, arr) => {
    expect(isString(value)).toBe(str);
    expect(isArray(value)).toBe(arr);
  });
});
