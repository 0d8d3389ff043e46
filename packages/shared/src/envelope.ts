import { type Static, type TLiteral, type TLiteralValue, type TSchema, type TUnion, Type } from 'typebox';

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

/** Response schema of one call: `{code, msg, data}` with `data` described by `data`. */
export const EnvelopeOf = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), msg: Type.String(), data: Type.Optional(data) });

export const EmptyEnvelope = Type.Object({ code: Type.Integer(), msg: Type.String() });

/** Server-generated, time-ordered ids travel as decimal strings. */
export const Id = Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_-]+$' });
export type Id = Static<typeof Id>;

/** Times on the wire are milliseconds since the epoch. */
export const Millis = Type.Integer({ minimum: 0 });

/**
 * One of a fixed list of values, as `Type.Union` of `Type.Literal`s whose `Static` is the literal
 * union (`'a' | 'b'`): `Type.Union(list.map(Type.Literal))` gives an array, not a tuple, and loses it.
 */
export function LiteralUnion<const Values extends readonly TLiteralValue[]>(
  values: Values,
): TUnion<{ -readonly [K in keyof Values]: TLiteral<Values[K]> }> {
  return Type.Union(values.map((value) => Type.Literal(value))) as never;
}
