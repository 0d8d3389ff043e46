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
