import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { BusinessError } from './errors.ts';
import type { MessageKey } from './i18n.ts';

/**
 * The import of an exported entity file (protocol-admin.md section 0, "Entity import"): a multipart
 * `file` with the area's extension and `type`, the duplicate-handling choice of admin.md section 5:
 * 0 skip what exists (new data imported, existing untouched), 1 append duplicates with a random
 * suffix on name and code.
 */
export type DuplicateMode = 0 | 1;

export interface EntityImportMessages {
  /** No file, or not one with the area's extension ('请选择.bdd类型的文件'). */
  file: MessageKey;
  /** No duplicate-handling choice ('请选择识别重复'). */
  mode: MessageKey;
  /** The file is larger than the area accepts; its `reason` parameter gets 'size'. */
  invalid: MessageKey;
}

/** Reads the upload of an entity import: the file's bytes and the duplicate-handling choice. */
export async function readEntityImport(
  request: FastifyRequest,
  options: { extension: RegExp; maxBytes: number; messages: EntityImportMessages; defaultMode?: DuplicateMode },
): Promise<{ content: Buffer; mode: DuplicateMode }> {
  const { messages } = options;
  if (!request.isMultipart()) throw new BusinessError(messages.file);
  let content: Buffer | null = null;
  let mode: string | null = null;
  for await (const part of request.parts({ limits: { fileSize: options.maxBytes, files: 1 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || !options.extension.test(part.filename)) {
        await part.toBuffer();
        throw new BusinessError(messages.file);
      }
      content = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new BusinessError(messages.invalid, { reason: 'size' });
        throw error;
      });
    } else if (part.fieldname === 'type') {
      mode = String(part.value);
    }
  }
  if (!content) throw new BusinessError(messages.file);
  // Some 3.6 uploads offer no choice and send `type` as the text "undefined".
  if ((mode === null || mode === 'undefined') && options.defaultMode !== undefined)
    return { content, mode: options.defaultMode };
  if (mode !== '0' && mode !== '1') throw new BusinessError(messages.mode);
  return { content, mode: Number(mode) as DuplicateMode };
}

const suffixAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** '.' and five random letters or digits: keeps a code valid (dots inside, letters and digits at the ends). */
export function randomSuffix(): string {
  return `.${Array.from(randomBytes(5), (b) => suffixAlphabet[b % suffixAlphabet.length]).join('')}`;
}

/** `text` with `suffix`, cut so that the whole stays within `maxLength`. */
export const withSuffix = (text: string, suffix: string, maxLength = 50) =>
  `${text.slice(0, maxLength - suffix.length)}${suffix}`;

/**
 * The JSON of an exported entity file, checked against its schema. A file that is not JSON, or
 * not of the schema, is refused with `invalid`, its `reason` naming the first place that is wrong.
 */
export function parseEntityFile<T extends TSchema>(content: Buffer, schema: T, invalid: MessageKey): Static<T> {
  let data: unknown;
  try {
    data = JSON.parse(content.toString('utf8'));
  } catch {
    throw new BusinessError(invalid, { reason: 'JSON' });
  }
  if (!Value.Check(schema, data)) {
    const first = Value.Errors(schema, data)[0];
    const where = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'format';
    throw new BusinessError(invalid, { reason: where });
  }
  return data;
}
