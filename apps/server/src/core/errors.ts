import { ResultCode } from '@platform/shared';
import type { MessageKey } from './i18n.ts';

/**
 * A refusal the user can act on. `key` names a server message; the error handler translates it
 * into the caller's language and answers `{code, msg}` with HTTP 200, as protocol.md asks.
 */
export class BusinessError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly code: number = ResultCode.badRequest,
    /** A refusal this one explains further: translated too, it is the `{reason}` of this message. */
    readonly because?: BusinessError,
  ) {
    super(key);
  }
}

export class ForbiddenError extends BusinessError {
  constructor() {
    super('common.forbidden', {}, ResultCode.forbidden);
  }
}

export class NotFoundError extends BusinessError {
  constructor() {
    super('common.notFound');
  }
}

/** Codes 600/601/602: the client signs the user out, so they are only ever used for a bad session. */
export class SessionError extends BusinessError {
  constructor(
    code: typeof ResultCode.sessionExpired | typeof ResultCode.loggedInElsewhere | typeof ResultCode.tokenInvalid,
  ) {
    const key: MessageKey =
      code === ResultCode.sessionExpired
        ? 'session.expired'
        : code === ResultCode.loggedInElsewhere
          ? 'session.elsewhere'
          : 'session.invalid';
    super(key, {}, code);
  }
}
