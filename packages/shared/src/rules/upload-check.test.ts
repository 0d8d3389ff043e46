import { describe, expect, test } from 'vitest';
import {
  acceptText,
  CHAT_IMAGE_MAX_BYTES,
  checkChatImage,
  checkDownloadAll,
  checkFileBeforeUpload,
  checkImageBeforeUpload,
  DEFAULT_FILE_LIMIT,
  DEFAULT_FILE_SIZE,
  DEFAULT_IMAGE_SIZE,
  DEFAULT_SIZE_UNIT,
  type FileUploadOptions,
  fileExtension,
  fileFamily,
  isAcceptedFile,
  isPreviewableImage,
  type UploadFileInfo,
} from './upload-check.ts';

const MB = 1048576;
const pdf: UploadFileInfo = { name: 'report.pdf', size: MB, type: 'application/pdf' };
const png: UploadFileInfo = { name: 'photo.PNG', size: 2 * MB, type: 'image/png' };

describe('file before-check: count, size with unit, accepted type', () => {
  test.each<[UploadFileInfo, FileUploadOptions, string | null]>([
    [pdf, {}, null],
    [pdf, { limit: 3, currentCount: 3 }, '当前限制最多可以上传3个文件'],
    [pdf, { limit: 3, currentCount: 4 }, '当前限制最多可以上传3个文件'],
    [pdf, { limit: 3, currentCount: 2 }, null],
    [pdf, { limit: 0, currentCount: 100 }, null],
    [pdf, { fileSize: 1, sizeUnit: 'MB' }, '文件大小超过1MB'],
    [{ ...pdf, size: MB - 1 }, { fileSize: 1, sizeUnit: 'MB' }, null],
    [pdf, { fileSize: 2 }, null],
    [pdf, { fileSize: 500, sizeUnit: 'KB' }, '文件大小超过500KB'],
    [pdf, { fileSize: 1024, sizeUnit: 'KB' }, '文件大小超过1024KB'],
    [pdf, { fileSize: 1025, sizeUnit: 'KB' }, null],
    [{ ...pdf, size: 1073741824 }, { fileSize: 1, sizeUnit: 'GB' }, '文件大小超过1GB'],
    [{ ...pdf, size: 1073741823 }, { fileSize: 1, sizeUnit: 'GB' }, null],
    [pdf, { fileSize: 0 }, null],
    [pdf, { accept: '.pdf' }, null],
    [pdf, { accept: '.doc,.docx' }, '请选择word类型的文件'],
    [pdf, { accept: '.xls,.xlsx' }, '请选择excel类型的文件'],
    [pdf, { accept: 'image/*' }, '请选择图片类型的文件'],
    [pdf, { accept: 'image/*,video/*,audio/*' }, '请选择图片、视频、音频类型的文件'],
    [pdf, { accept: '.txt' }, '请选择txt类型的文件'],
    [pdf, { accept: '*' }, null],
    [pdf, { accept: '' }, null],
    [png, { accept: 'image/*' }, null],
    [png, { accept: '.png' }, null],
    [{ name: 'clip.mp4', size: 10, type: 'video/mp4' }, { accept: 'video/*' }, null],
    [{ name: 'song.mp3', size: 10, type: 'audio/mpeg' }, { accept: 'audio/*' }, null],
    [{ name: 'song.mp3', size: 10 }, { accept: 'audio/*' }, null],
    [{ name: 'song.mp3', size: 10 }, { accept: 'video/*' }, '请选择视频类型的文件'],
    [{ name: 'a.zip', size: 10 }, { accept: '.rar,.zip' }, null],
    [{ name: 'a.7z', size: 10 }, { accept: '.rar,.zip' }, '请选择rar、zip类型的文件'],
    [{ name: 'noext', size: 10 }, { accept: '.pdf' }, '请选择pdf类型的文件'],
    [pdf, { limit: 1, currentCount: 1, fileSize: 0.5, accept: '.doc' }, '当前限制最多可以上传1个文件'],
    [pdf, { fileSize: 0.5, accept: '.doc' }, '文件大小超过0.5MB'],
  ])('%j with %j → %j', (file, options, expected) => {
    expect(checkFileBeforeUpload(file, options)).toBe(expected);
  });
});

describe('image before-check', () => {
  test.each<[UploadFileInfo, Parameters<typeof checkImageBeforeUpload>[1], string | null]>([
    [png, {}, null],
    [png, { limit: 2, currentCount: 2 }, '当前限制最多可以上传2张图片'],
    [png, { limit: 2, currentCount: 1 }, null],
    [pdf, {}, '请上传图片'],
    [{ name: 'x.webp', size: 1 }, {}, null],
    [{ name: 'x.svgz', size: 1 }, {}, '请上传图片'],
    [png, { fileSize: 2 }, '图片大小超过2MB'],
    [png, { fileSize: 3 }, null],
    [png, { fileSize: 1024, sizeUnit: 'KB' }, '图片大小超过1024KB'],
    [{ ...png, size: 11 * MB }, {}, '图片大小超过10MB'],
    [{ ...png, size: 10 * MB - 1 }, {}, null],
  ])('%j with %j → %j', (file, options, expected) => {
    expect(checkImageBeforeUpload(file, options)).toBe(expected);
  });
});

describe('chat image: images only, at most 5 MB', () => {
  test.each<[UploadFileInfo, string | null]>([
    [{ name: 'a.jpg', size: CHAT_IMAGE_MAX_BYTES, type: 'image/jpeg' }, null],
    [{ name: 'a.jpg', size: 5242881, type: 'image/jpeg' }, '图片大小不能超过5M'],
    [{ name: 'a.gif', size: 1 }, null],
    [{ name: 'a.txt', size: 1, type: 'text/plain' }, '请上传图片'],
  ])('%j → %j', (file, expected) => {
    expect(checkChatImage(file)).toBe(expected);
  });

  test('5 MB is 5242880 bytes', () => {
    expect(CHAT_IMAGE_MAX_BYTES).toBe(5242880);
  });
});

describe('extension families of widgets.md §9', () => {
  test.each<[string, string]>([
    ['a.gif', 'image'],
    ['a.jpg', 'image'],
    ['a.JPEG', 'image'],
    ['a.png', 'image'],
    ['a.bmp', 'image'],
    ['a.webp', 'image'],
    ['a.mp4', 'video'],
    ['a.m3u8', 'video'],
    ['a.rmvb', 'video'],
    ['a.avi', 'video'],
    ['a.swf', 'video'],
    ['a.3gp', 'video'],
    ['a.mkv', 'video'],
    ['a.flv', 'video'],
    ['a.mp3', 'audio'],
    ['a.wav', 'audio'],
    ['a.wma', 'audio'],
    ['a.ogg', 'audio'],
    ['a.aac', 'audio'],
    ['a.flac', 'audio'],
    ['a.doc', 'document'],
    ['a.txt', 'document'],
    ['a.docx', 'document'],
    ['a.pages', 'document'],
    ['a.epub', 'document'],
    ['a.pdf', 'document'],
    ['a.numbers', 'document'],
    ['a.csv', 'document'],
    ['a.xls', 'document'],
    ['a.xlsx', 'document'],
    ['a.keynote', 'document'],
    ['a.ppt', 'document'],
    ['a.pptx', 'document'],
    ['a.zip', 'other'],
    ['README', 'other'],
  ])('%s is %s', (name, family) => {
    expect(fileFamily(name)).toBe(family);
  });

  test.each<[string, boolean]>([
    ['a.png', true],
    ['a.jpg', true],
    ['a.jpeg', true],
    ['a.bmp', true],
    ['a.gif', true],
    ['a.webp', false],
    ['a.pdf', false],
  ])('preview image %s → %s', (name, expected) => {
    expect(isPreviewableImage(name)).toBe(expected);
  });

  test.each<[string, string]>([
    ['a.PDF', 'pdf'],
    ['archive.tar.gz', 'gz'],
    ['noext', ''],
    ['trailing.', ''],
    ['.env', 'env'],
  ])('extension of %s is %j', (name, ext) => {
    expect(fileExtension(name)).toBe(ext);
  });
});

describe('accept helpers and defaults', () => {
  test.each<[string, string]>([
    ['image/*', '图片'],
    ['video/*', '视频'],
    ['audio/*', '音频'],
    ['.xls,.xlsx', 'excel'],
    ['.doc,.docx', 'word'],
    ['.pdf', 'pdf'],
    ['.txt', 'txt'],
    ['image/*,.xls,.xlsx,.doc,.docx,.pdf,.txt', '图片、excel、word、pdf、txt'],
  ])('acceptText(%s) → %s', (accept, expected) => {
    expect(acceptText(accept)).toBe(expected);
  });

  test.each<[UploadFileInfo, string | null, boolean]>([
    [{ name: 'a.PDF', size: 1 }, '.pdf', true],
    [{ name: 'a.pdf', size: 1 }, ' .pdf , .doc ', true],
    [{ name: 'a.pdf', size: 1 }, null, true],
    [{ name: 'a.jpg', size: 1, type: 'application/octet-stream' }, 'image/*', false],
  ])('isAcceptedFile %j %j', (file, accept, expected) => {
    expect(isAcceptedFile(file, accept)).toBe(expected);
  });

  test('defaults', () => {
    expect([DEFAULT_FILE_SIZE, DEFAULT_IMAGE_SIZE, DEFAULT_SIZE_UNIT, DEFAULT_FILE_LIMIT]).toEqual([10, 10, 'MB', 0]);
  });

  test.each<[unknown[] | null, string | null]>([
    [[], '未发现文件'],
    [null, '未发现文件'],
    [[{ fileId: '1' }], null],
  ])('download all %j', (files, expected) => {
    expect(checkDownloadAll(files)).toBe(expected);
  });
});
