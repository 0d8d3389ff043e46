/** Business codes of the wire protocol (protocol.md): the HTTP status stays 200 for all of them. */
export const ResultCode = {
  ok: 200,
  badRequest: 400,
  invalid: 401,
  forbidden: 403,
  serverError: 500,
  sessionExpired: 600,
  loggedInElsewhere: 601,
  tokenInvalid: 602,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** The codes that end a session on the client; the server never answers them for anything else. */
export const sessionEndingCodes: readonly number[] = [
  ResultCode.sessionExpired,
  ResultCode.loggedInElsewhere,
  ResultCode.tokenInvalid,
];

export interface Envelope<T> {
  code: number;
  msg: string;
  data?: T;
}
