/**
 * A time on the wire (epoch milliseconds) taken between `start` and now: stricter than
 * `expect.any(Number)`, which a wrong field, a seconds value or a zero would also pass.
 * Usable wherever Vitest accepts an asymmetric matcher (toEqual, toMatchObject, objectContaining).
 */
export function millisSince(start: number) {
  return {
    asymmetricMatch: (value: unknown) =>
      typeof value === 'number' && Number.isInteger(value) && value >= start - 1000 && value <= Date.now() + 1000,
    toString: () => `epoch milliseconds since ${new Date(start).toISOString()}`,
    toAsymmetricMatcher: () => `millisSince(${start})`,
  };
}
