import { type Static, type TLiteral, type TLiteralValue, type TSchema, type TUnion, Type } from 'typebox';

// The codes live apart from the schemas: a page that needs only them (the login page's request
// layer) must not carry TypeBox, whose calls a bundler keeps once their module is in.
export * from './result-codes.ts';

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
