import { ResultCode } from '@platform/shared';
import type { MessageKey, Translate } from './i18n.ts';

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

  /** The refusal in one language, with the refusal it explains further as its `{reason}`. */
  translated(t: Translate): string {
    const params = this.because ? { ...this.params, reason: t(this.because.key, this.because.params) } : this.params;
    return t(this.key, params);
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
