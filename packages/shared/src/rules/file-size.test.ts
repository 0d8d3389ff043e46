import { describe, expect, test } from 'vitest';
import { formatFileSize, SIZE_UNITS, type SizeUnit, sizeToBytes } from './file-size.ts';

describe('formatFileSize in bytes, KB, MB, GB', () => {
  test.each<[number | string | null | undefined, string]>([
    [0, '0 字节'],
    [1, '1 字节'],
    [512, '512 字节'],
    [1023, '1023 字节'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    ['2048', '2.00 KB'],
    [10240, '10.00 KB'],
    [1048576, '1.00 MB'],
    [5242880, '5.00 MB'],
    [1572864, '1.50 MB'],
    [1073741823, '1024.00 MB'],
    [1073741824, '1.00 GB'],
    [1610612736, '1.50 GB'],
    [10737418240, '10.00 GB'],
    [null, ''],
    [undefined, ''],
    ['', ''],
    [-1, ''],
    ['abc', ''],
  ])('%j → %j', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });
});

describe('size units', () => {
  test.each<[number, SizeUnit, number]>([
    [1, 'KB', 1024],
    [10, 'KB', 10240],
    [5, 'MB', 5242880],
    [1, 'MB', 1048576],
    [1, 'GB', 1073741824],
  ])('%i %s = %i bytes', (size, unit, bytes) => {
    expect(sizeToBytes(size, unit)).toBe(bytes);
    expect(SIZE_UNITS[unit] * size).toBe(bytes);
  });
});
