import type { Envelope } from '@platform/shared';

/** A successful answer. `msg` defaults to the protocol's 'Success'. */
export function ok<T>(data: T, msg = 'Success'): Envelope<T> {
  return data === undefined || data === null ? { code: 200, msg } : { code: 200, msg, data };
}

/**
 * A successful answer around data already serialised as JSON: for a hot read that had to
 * serialise its data anyway (the data-interface call log records the answer's size), so it is
 * not serialised twice. The route's declared 200 schema still documents the shape.
 */
export function okJson(dataJson: string, msg = 'Success'): string {
  return `{"code":200,"msg":${JSON.stringify(msg)},"data":${dataJson}}`;
}

/** The media types of the spreadsheets, documents and images the server sends as files. */
export const MediaType = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  binary: 'application/octet-stream',
  images: ['image/png', 'image/jpeg', 'image/gif', 'image/bmp', 'image/webp'],
} as const;

/**
 * The 200 answer of a route that sends a file (an image, an export, a download) rather than an
 * envelope: its media types for the OpenAPI document, each a binary body. Fastify never serialises
 * what these routes send (a Buffer, a stream, or text under a non-JSON type), so it only documents.
 */
export function FileAnswer(description: string, mediaTypes: readonly string[]) {
  const binary = { type: 'string', format: 'binary' };
  // A refusal of such a route is an envelope sent as JSON under status 200: a JSON file type gets
  // no `type`, so that envelope is still written whole rather than forced into a string.
  const untyped = { format: 'binary' };
  const schemaOf = (type: string) => (type.includes('json') ? untyped : binary);
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: schemaOf(type) }])) };
}
