import { describe, expect, test } from 'vitest';
import { AREA_ROOT_ID, DEFAULT_AREA_LEVEL, isAreaPathAccepted, isValidAreaValue } from './area.ts';
import { barcodeDefaults, barcodeText, isValidBarcodeText, qrcodeDefaults } from './barcode.ts';
import { type DynamicQrContext, dynamicQrPayload, dynamicQrText, parseDynamicQrText, qrcodeText } from './qrcode.ts';

describe('area picker: a path of exactly level+1 ids', () => {
  test.each<[unknown[] | null | undefined, number | undefined, boolean]>([
    [['11', '1101', '110101'], undefined, true],
    [['11', '1101'], undefined, false],
    [['11', '1101', '110101', '110101001'], undefined, false],
    [['11'], 0, true],
    [['11', '1101'], 1, true],
    [['11', '1101', '110101'], 1, false],
    [['11', '1101', '110101', '1'], 3, true],
    [[], 0, false],
    [null, undefined, false],
    [undefined, 2, false],
  ])('%j at level %j → %s', (path, level, expected) => {
    expect(isAreaPathAccepted(path, level)).toBe(expected);
  });

  test.each<[unknown, number, boolean]>([
    [[['1', '2', '3']], 2, true],
    [
      [
        ['1', '2', '3'],
        ['4', '5', '6'],
      ],
      2,
      true,
    ],
    [
      [
        ['1', '2', '3'],
        ['4', '5'],
      ],
      2,
      false,
    ],
    [[], 2, true],
    ['1,2,3', 2, false],
    [[['1']], 0, true],
  ])('value %j level %i → %s', (value, level, expected) => {
    expect(isValidAreaValue(value, level)).toBe(expected);
  });

  test('defaults: level 2 (3 ids), root -1', () => {
    expect(DEFAULT_AREA_LEVEL).toBe(2);
    expect(AREA_ROOT_ID).toBe('-1');
  });
});

describe('barcode text: alphanumeric only', () => {
  test.each<[unknown, boolean]>([
    ['ABC123', true],
    ['abc', true],
    ['0', true],
    [123, true],
    ['', false],
    ['AB-123', false],
    ['AB 123', false],
    ['条码', false],
    ['abc!', false],
    [null, false],
    [-1, false],
    [1.5, false],
  ])('%j → %s', (text, expected) => {
    expect(isValidBarcodeText(text)).toBe(expected);
  });

  test.each<[Parameters<typeof barcodeText>[0], Record<string, unknown>, string]>([
    [{ dataType: 'static', staticText: 'JNPF2024' }, {}, 'JNPF2024'],
    [{ dataType: 'static', staticText: 'bad text' }, {}, ''],
    [{ dataType: 'static', staticText: null }, {}, ''],
    [{ dataType: 'relation', relationField: 'code' }, { code: 'A1' }, 'A1'],
    [{ dataType: 'relation', relationField: 'code' }, { code: 42 }, '42'],
    [{ dataType: 'relation', relationField: 'code' }, { code: 'A-1' }, ''],
    [{ dataType: 'relation', relationField: 'code' }, {}, ''],
    [{ dataType: 'relation' }, { code: 'A1' }, ''],
  ])('%j with %j → %j', (source, data, expected) => {
    expect(barcodeText(source, data)).toBe(expected);
  });

  test('widget defaults', () => {
    expect(barcodeDefaults).toMatchObject({ format: 'code128', width: 4, height: 40, margin: 5, displayValue: false });
    expect(qrcodeDefaults).toEqual({ width: 100, errorCorrectionLevel: 'L' });
  });
});

describe('dynamic QR payload', () => {
  const full: DynamicQrContext = {
    id: 'r1',
    modelId: 'm1',
    modelType: 1,
    flowId: 'f1',
    processId: 'p1',
    taskId: 't1',
    opType: 'info',
  };

  test.each<[DynamicQrContext, string]>([
    [full, '{"t":"DFD","id":"r1","mid":"m1","mt":1,"fid":"f1","pid":"p1","ftid":"t1","opt":"info"}'],
    [{ id: 'r1', modelId: 'm1' }, '{"t":"DFD","id":"r1","mid":"m1","mt":"","fid":"","pid":"","ftid":"","opt":""}'],
    [{ id: 7, modelId: 'm1', opType: 2 }, '{"t":"DFD","id":7,"mid":"m1","mt":"","fid":"","pid":"","ftid":"","opt":2}'],
    [{ modelId: 'm1' }, ''],
    [{ id: 'r1' }, ''],
    [{ id: '', modelId: 'm1' }, ''],
    [{ id: 'r1', modelId: '' }, ''],
    [{ id: null, modelId: null }, ''],
    [{}, ''],
  ])('%j → %s', (context, expected) => {
    expect(dynamicQrText(context)).toBe(expected);
  });

  test('payload object and its parse', () => {
    const payload = dynamicQrPayload(full);
    expect(payload?.t).toBe('DFD');
    expect(parseDynamicQrText(dynamicQrText(full))).toEqual(payload);
  });

  test.each<[string]>([['not json'], ['{"t":"X","id":"1","mid":"m"}'], ['{"t":"DFD","id":"1"}'], ['null'], ['42']])(
    'parse rejects %s',
    (text) => {
      expect(parseDynamicQrText(text)).toBeNull();
    },
  );

  test.each<[Parameters<typeof qrcodeText>[0], Record<string, unknown>, DynamicQrContext, string]>([
    [{ dataType: 'static', staticText: 'https://example.com' }, {}, {}, 'https://example.com'],
    [{ dataType: 'static' }, {}, {}, ''],
    [{ dataType: 'relation', relationField: 'url' }, { url: '中文 ok' }, {}, '中文 ok'],
    [{ dataType: 'relation', relationField: 'url' }, {}, {}, ''],
    [
      { dataType: 'dynamic' },
      {},
      { id: 'a', modelId: 'b' },
      '{"t":"DFD","id":"a","mid":"b","mt":"","fid":"","pid":"","ftid":"","opt":""}',
    ],
    [{ dataType: 'dynamic' }, {}, { id: 'a' }, ''],
  ])('qrcodeText %j', (source, data, context, expected) => {
    expect(qrcodeText(source, data, context)).toBe(expected);
  });
});
