import { describe, expect, test } from 'vitest';
import { activeExtensions, contentMatches, extensionOf, isExecutable } from '../src/core/file-types.ts';

/**
 * The upload head checks as pure functions (issue 42): every program head is refused whatever the
 * extension, each extension's signature holds on its own bytes and on no other kind's. The uploads
 * themselves are tested through the API in file.test.ts.
 */

const bytes = (...values: number[]) => Buffer.from(values);
const padded = (head: Buffer, length = 32, fill = 0x41) => Buffer.concat([head, Buffer.alloc(length, fill)]);
const u32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(value, 0);
  return b;
};

const programs: Record<string, Buffer> = {
  windows: padded(Buffer.from('MZ')),
  elf: padded(bytes(0x7f, 0x45, 0x4c, 0x46)),
  machO32: padded(u32(0xfeedface)),
  machO64: padded(u32(0xfeedfacf)),
  machO32Swapped: padded(u32(0xcefaedfe)),
  machO64Swapped: padded(u32(0xcffaedfe)),
  javaClass: padded(u32(0xcafebabe)),
  shebang: Buffer.from('#!/bin/sh\necho hi\n'),
};

/** One file of each kind the signatures name, as its first bytes look. */
const samples: Record<string, Buffer> = {
  png: padded(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52)),
  jpg: padded(bytes(0xff, 0xd8, 0xff, 0xe0)),
  bmp: padded(Buffer.from('BM')),
  webp: padded(Buffer.concat([Buffer.from('RIFF'), bytes(1, 2, 3, 4), Buffer.from('WEBPVP8 ')])),
  gif: padded(Buffer.from('GIF89a')),
  pdf: padded(Buffer.from('%PDF-1.7')),
  zip: padded(bytes(0x50, 0x4b, 0x03, 0x04)),
  doc: padded(Buffer.from('d0cf11e0a1b11ae1', 'hex')),
  rar: padded(Buffer.from('Rar!')),
  '7z': padded(Buffer.from('377abcaf271c', 'hex')),
  mp4: padded(Buffer.concat([bytes(0, 0, 0, 0x20), Buffer.from('ftypisom')])),
  avi: padded(Buffer.concat([Buffer.from('RIFF'), bytes(1, 2, 3, 4), Buffer.from('AVI ')])),
  wav: padded(Buffer.concat([Buffer.from('RIFF'), bytes(1, 2, 3, 4), Buffer.from('WAVE')])),
  mkv: padded(u32(0x1a45dfa3)),
  flv: padded(Buffer.from('FLV')),
  swf: padded(Buffer.from('CWS')),
  rmvb: padded(Buffer.from('.RMF')),
  m3u8: padded(Buffer.from('#EXTM3U')),
  mp3: padded(Buffer.from('ID3')),
  aac: padded(Buffer.from('ADIF')),
  ogg: padded(Buffer.from('OggS')),
  flac: padded(Buffer.from('fLaC')),
  wma: padded(u32(0x3026b275)),
  txt: Buffer.from('plain words'),
};

describe('program heads', () => {
  test.each(Object.entries(programs))('%s is a program, refused as any extension', (_, head) => {
    expect(isExecutable(head)).toBe(true);
    for (const extension of ['txt', 'csv', 'html', 'png', 'pdf', 'zip', 'doc'])
      expect(contentMatches(extension, head), extension).toBe(false);
  });

  test('heads that only start like a program are not one', () => {
    expect(isExecutable(Buffer.from('M'))).toBe(false);
    expect(isExecutable(Buffer.from('#'))).toBe(false);
    expect(isExecutable(Buffer.from(' #!/bin/sh'))).toBe(false);
    expect(isExecutable(bytes(0x7f, 0x45, 0x4c))).toBe(false);
    expect(isExecutable(bytes(0xfe, 0xed, 0xfa))).toBe(false);
    expect(isExecutable(bytes(0xca, 0xfe, 0xba, 0xbf))).toBe(false);
    expect(isExecutable(Buffer.from('MX and more'))).toBe(false);
    expect(isExecutable(Buffer.alloc(0))).toBe(false);
  });
});

describe('signatures', () => {
  test.each(Object.entries(samples))('%s bytes pass as %s and as no other binary kind', (kind, head) => {
    expect(contentMatches(kind, head)).toBe(true);
    expect(contentMatches(kind.toUpperCase(), head)).toBe(true);
    for (const [other, otherHead] of Object.entries(samples)) {
      if (other === kind || other === 'txt' || kind === 'txt') continue;
      // zip, doc and the office kinds share heads on purpose (xls is either).
      if ([kind, other].every((k) => ['zip', 'doc'].includes(k))) continue;
      expect(contentMatches(kind, otherHead), `${other} as ${kind}`).toBe(false);
    }
  });

  test('the office, archive and text kinds take their family’s head', () => {
    for (const extension of ['docx', 'xlsx', 'pptx', 'epub', 'xls'])
      expect(contentMatches(extension, samples.zip!)).toBe(true);
    for (const extension of ['doc', 'xls', 'ppt']) expect(contentMatches(extension, samples.doc!)).toBe(true);
    expect(contentMatches('docx', samples.doc!)).toBe(false);
    for (const extension of ['txt', 'csv', 'md', 'json', 'log', 'html', 'htm', 'svg', 'xml'])
      expect(contentMatches(extension, Buffer.from('<p>words</p>')), extension).toBe(true);
    expect(contentMatches('txt', bytes(0x61, 0x00, 0x62))).toBe(false);
    expect(contentMatches('jpeg', samples.jpg!)).toBe(true);
    expect(contentMatches('mp3', padded(bytes(0xff, 0xfb)))).toBe(true);
    expect(contentMatches('mp3', padded(bytes(0xff, 0x1b)))).toBe(false);
    expect(contentMatches('aac', padded(bytes(0xff, 0xf1)))).toBe(true);
    expect(contentMatches('3gp', samples.mp4!)).toBe(true);
    for (const magic of ['FWS', 'ZWS']) expect(contentMatches('swf', padded(Buffer.from(magic)))).toBe(true);
  });

  // An Excel or Word 97 file is an OLE compound file; a 3gp video an ISO box with its brand.
  const ole = samples.doc!;
  const pictures = { png: samples.png!, jpg: samples.jpg!, gif: samples.gif!, bmp: samples.bmp!, webp: samples.webp! };
  test.each(['xls', 'doc', 'ppt'])(
    '%s takes the OLE head only: no picture, text, pdf, archive or media passes',
    (kind) => {
      expect(contentMatches(kind, ole)).toBe(true);
      for (const [other, head] of Object.entries(samples)) {
        if (other === 'doc' || (kind === 'xls' && other === 'zip')) continue;
        expect(contentMatches(kind, head), `${other} as ${kind}`).toBe(false);
      }
      // The eight-byte OLE magic with its last byte wrong, and a head cut after seven bytes.
      expect(contentMatches(kind, padded(Buffer.from('d0cf11e0a1b11ae0', 'hex')))).toBe(false);
      expect(contentMatches(kind, Buffer.from('d0cf11e0a1b11a', 'hex'))).toBe(false);
    },
  );

  test.each(['jpg', 'jpeg'])('%s takes the FF D8 FF head, not a picture of another kind', (kind) => {
    expect(contentMatches(kind, samples.jpg!)).toBe(true);
    for (const [other, head] of Object.entries(pictures))
      if (other !== 'jpg') expect(contentMatches(kind, head), `${other} as ${kind}`).toBe(false);
    expect(contentMatches(kind, padded(bytes(0xff, 0xd8, 0x00)))).toBe(false);
    expect(contentMatches(kind, Buffer.from('plain words'))).toBe(false);
  });

  test('bmp and webp take their heads only', () => {
    for (const [other, head] of Object.entries(pictures)) {
      expect(contentMatches('bmp', head), `${other} as bmp`).toBe(other === 'bmp');
      expect(contentMatches('webp', head), `${other} as webp`).toBe(other === 'webp');
    }
    // A RIFF file of another kind (a wav renamed .webp), and an avi renamed .wav or the reverse.
    expect(contentMatches('webp', samples.wav!)).toBe(false);
    expect(contentMatches('wav', samples.webp!)).toBe(false);
    expect(contentMatches('avi', samples.wav!)).toBe(false);
    expect(contentMatches('wav', samples.avi!)).toBe(false);
    expect(contentMatches('bmp', Buffer.from('B'))).toBe(false);
  });

  test('audio and video heads of the wrong family or cut short are refused', () => {
    // MPEG audio frames start with eleven set bits: FF E0 and above.
    expect(contentMatches('mp3', padded(bytes(0xff, 0xe0)))).toBe(true);
    expect(contentMatches('mp3', padded(bytes(0xff, 0xc0)))).toBe(false);
    expect(contentMatches('mp3', padded(bytes(0xfe, 0xfb)))).toBe(false);
    expect(contentMatches('aac', padded(bytes(0xff, 0x1b)))).toBe(false);
    expect(contentMatches('aac', padded(Buffer.from('ADIX')))).toBe(false);
    expect(contentMatches('aac', bytes(0xff))).toBe(false);
    expect(contentMatches('3gp', padded(Buffer.from('0000ftyp')))).toBe(true);
    expect(contentMatches('3gp', padded(Buffer.from('0000free')))).toBe(false);
    expect(contentMatches('3gp', samples.avi!)).toBe(false);
    expect(contentMatches('avi', padded(Buffer.from('RIFF')))).toBe(false);
    expect(contentMatches('7z', padded(Buffer.from('377abcaf271d', 'hex')))).toBe(false);
    expect(contentMatches('swf', padded(Buffer.from('XWS')))).toBe(false);
  });

  test('a kind without a signature is refused; short heads are not any kind', () => {
    expect(contentMatches('exe', samples.txt!)).toBe(false);
    expect(contentMatches('unknown', samples.txt!)).toBe(false);
    expect(contentMatches('zip', bytes(0x50, 0x4b, 0x03))).toBe(false);
    expect(contentMatches('doc', Buffer.from('d0cf11e0a1b11a', 'hex'))).toBe(false);
    expect(contentMatches('7z', Buffer.from('377abcaf27', 'hex'))).toBe(false);
    expect(contentMatches('mkv', bytes(0x1a, 0x45, 0xdf))).toBe(false);
    expect(contentMatches('wma', bytes(0x30, 0x26, 0xb2))).toBe(false);
    expect(contentMatches('mp3', bytes(0xff))).toBe(false);
  });
});

test('extensionOf reads the last dot of the last path part, lower case', () => {
  expect(extensionOf('Report.PDF')).toBe('pdf');
  expect(extensionOf('a.tar.gz')).toBe('gz');
  expect(extensionOf('dir.d/noext')).toBe('');
  expect(extensionOf('dir.d\\noext')).toBe('');
  expect(extensionOf('.hidden')).toBe('');
  expect(extensionOf('trailing.')).toBe('');
  expect(extensionOf('')).toBe('');
  expect([...activeExtensions].sort()).toEqual(['htm', 'html', 'js', 'mjs', 'svg', 'xhtml', 'xml']);
});
