import { audioExtensions, documentExtensions, imageExtensions, videoExtensions } from '@platform/shared';
import { imageKind } from './stored-images.ts';

/**
 * What an upload's first bytes must look like for its extension, so that a renamed executable or
 * page never passes as an image or a document. Text kinds (txt, csv, html, svg, xml, ...) must not
 * hold NUL bytes in their head; every kind is refused when the head is an executable's.
 */

const zip = (h: Buffer) => h.length >= 4 && h.readUInt32BE(0) === 0x504b0304;
const ole = (h: Buffer) => h.length >= 8 && h.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex'));
const ascii = (h: Buffer, at: number, text: string) => h.subarray(at, at + text.length).toString('latin1') === text;
const riff = (h: Buffer, kind: string) => ascii(h, 0, 'RIFF') && ascii(h, 8, kind);
const mpegAudio = (h: Buffer) => h.length >= 2 && h[0] === 0xff && ((h[1] ?? 0) & 0xe0) === 0xe0;
const text = (h: Buffer) => !h.includes(0);

const signatures: Record<string, (head: Buffer) => boolean> = {
  png: (h) => imageKind(h) === 'png',
  jpg: (h) => imageKind(h) === 'jpg',
  jpeg: (h) => imageKind(h) === 'jpg',
  gif: (h) => imageKind(h) === 'gif',
  bmp: (h) => imageKind(h) === 'bmp',
  webp: (h) => imageKind(h) === 'webp',
  pdf: (h) => ascii(h, 0, '%PDF-'),
  docx: zip,
  xlsx: zip,
  pptx: zip,
  epub: zip,
  pages: zip,
  numbers: zip,
  keynote: zip,
  zip,
  doc: ole,
  xls: (h) => ole(h) || zip(h),
  ppt: ole,
  rar: (h) => ascii(h, 0, 'Rar!'),
  '7z': (h) => h.length >= 6 && h.subarray(0, 6).equals(Buffer.from('377abcaf271c', 'hex')),
  mp4: (h) => ascii(h, 4, 'ftyp'),
  '3gp': (h) => ascii(h, 4, 'ftyp'),
  avi: (h) => riff(h, 'AVI '),
  wav: (h) => riff(h, 'WAVE'),
  mkv: (h) => h.length >= 4 && h.readUInt32BE(0) === 0x1a45dfa3,
  flv: (h) => ascii(h, 0, 'FLV'),
  swf: (h) => ['FWS', 'CWS', 'ZWS'].some((m) => ascii(h, 0, m)),
  rmvb: (h) => ascii(h, 0, '.RMF'),
  m3u8: (h) => ascii(h, 0, '#EXTM3U'),
  mp3: (h) => ascii(h, 0, 'ID3') || mpegAudio(h),
  aac: (h) => mpegAudio(h) || ascii(h, 0, 'ADIF'),
  ogg: (h) => ascii(h, 0, 'OggS'),
  flac: (h) => ascii(h, 0, 'fLaC'),
  wma: (h) => h.length >= 4 && h.readUInt32BE(0) === 0x3026b275,
  txt: text,
  csv: text,
  md: text,
  json: text,
  log: text,
  // Active content: accepted, but only ever sent as an attachment (file.routes.ts).
  html: text,
  htm: text,
  svg: text,
  xml: text,
};

/** Extensions whose content a browser would run: sent only as attachments with a sandbox CSP. */
export const activeExtensions = new Set(['html', 'htm', 'svg', 'xml', 'xhtml', 'js', 'mjs']);

/** Every extension an `annex` upload takes: the spec's lists, archives and the text kinds above. */
export const annexExtensions: readonly string[] = Object.keys(signatures);
export const imageUploadExtensions: readonly string[] = imageExtensions;
export const knownExtensions = new Set<string>([
  ...imageExtensions,
  ...videoExtensions,
  ...audioExtensions,
  ...documentExtensions,
]);

/** Heads of programs: Windows (MZ), ELF, Mach-O, scripts with a shebang, Java classes. */
export function isExecutable(head: Buffer): boolean {
  if (head.length >= 2 && ascii(head, 0, 'MZ')) return true;
  if (head.length >= 4 && head.readUInt32BE(0) === 0x7f454c46) return true;
  if (head.length >= 4 && [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(head.readUInt32BE(0)))
    return true;
  return ascii(head, 0, '#!');
}

/** True when the first bytes are what a file of this extension holds (and are no program's). */
export function contentMatches(extension: string, head: Buffer): boolean {
  if (isExecutable(head)) return false;
  const check = signatures[extension.toLowerCase()];
  return check ? check(head) : false;
}

/** The extension of a file name, lower case, or '' when it has none. */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}
