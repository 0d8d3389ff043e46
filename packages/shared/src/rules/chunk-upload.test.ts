import { describe, expect, test } from 'vitest';
import {
  CHUNK_SIZE,
  checkImportFile,
  chunkCount,
  chunkUploadProgress,
  chunkUploadStatus,
  chunkUploadStatusText,
  cleanFileName,
  fileReadErrorMessage,
  HASH_SLICE_SIZE,
  MAX_CHUNK_RETRIES,
} from './chunk-upload.ts';

describe('chunked upload status precedence', () => {
  test.each([
    [{ completed: true, error: true, uploading: true, paused: true }, 'success', '上传成功'],
    [{ error: true, uploading: true, paused: true }, 'error', '上传失败'],
    [{ uploading: true, paused: true }, 'uploading', '上传中'],
    [{ paused: true }, 'paused', '暂停中'],
    [{}, 'waiting', '等待中'],
  ])('%j → %s', (state, status, text) => {
    expect(chunkUploadStatus(state)).toBe(status);
    expect(chunkUploadStatusText(state)).toBe(text);
  });
});

describe('progress capped at 99 until complete', () => {
  test.each<[number, boolean, number]>([
    [0, false, 0],
    [0.5, false, 50],
    [0.999, false, 99],
    [1, false, 99],
    [1.5, false, 99],
    [-1, false, 0],
    [Number.NaN, false, 0],
    [0.3, true, 100],
  ])('%d complete=%s → %i', (fraction, completed, expected) => {
    expect(chunkUploadProgress(fraction, completed)).toBe(expected);
  });
});

describe('sizes and names', () => {
  test('constants', () => {
    expect([CHUNK_SIZE, HASH_SLICE_SIZE, MAX_CHUNK_RETRIES]).toEqual([5242880, 10240000, 5]);
  });

  test.each<[number, number]>([
    [0, 1],
    [1, 1],
    [5242880, 1],
    [5242881, 1],
    [10485759, 1],
    [10485760, 2],
    [20971520, 4],
  ])('%i bytes → %i chunks (the last takes the rest)', (size, expected) => {
    expect(chunkCount(size)).toBe(expected);
  });

  test.each<[string, string]>([
    ['a#b#.txt', 'ab.txt'],
    ['plain.txt', 'plain.txt'],
  ])('cleanFileName(%s)', (name, expected) => {
    expect(cleanFileName(name)).toBe(expected);
  });

  test('read error message', () => {
    expect(fileReadErrorMessage('a.txt')).toBe('文件a.txt读取出错，请检查该文件');
  });
});

describe('import file extension check', () => {
  test.each<[string, string, string | null]>([
    ['data.xlsx', '.xls,.xlsx', null],
    ['data.XLS', '.xls,.xlsx', null],
    ['data.csv', '.xls,.xlsx', '请选择.xls,.xlsx类型的文件'],
    ['dict.bdd', '.bdd', null],
    ['dict.json', '.bdd', '请选择.bdd类型的文件'],
    ['noext', '.bdd', '请选择.bdd类型的文件'],
  ])('%s against %s → %j', (name, accept, expected) => {
    expect(checkImportFile(name, accept)).toBe(expected);
  });
});
