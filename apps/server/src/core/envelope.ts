import type { Envelope } from '@platform/shared';

/** A successful answer. `msg` defaults to the protocol's 'Success'. */
export function ok<T>(data: T, msg = 'Success'): Envelope<T> {
  return data === undefined || data === null ? { code: 200, msg } : { code: 200, msg, data };
}
