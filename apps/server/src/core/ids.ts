import { randomInt } from 'node:crypto';

/**
 * Time-ordered ids as decimal strings (snowflake layout: 41 bits of milliseconds since 2020,
 * 10 bits of instance, 12 bits of sequence). Several instances pick random instance bits, so a
 * collision needs the same millisecond, instance bits and sequence.
 */
const epoch = 1_577_836_800_000n;
const instance = BigInt(randomInt(1024));
let lastMillis = 0n;
let sequence = 0n;

export function newId(): string {
  let now = BigInt(Date.now());
  if (now < lastMillis) now = lastMillis;
  if (now === lastMillis) {
    sequence = (sequence + 1n) & 4095n;
    if (sequence === 0n) now = lastMillis + 1n;
  } else {
    sequence = 0n;
  }
  lastMillis = now;
  return (((now - epoch) << 22n) | (instance << 12n) | sequence).toString();
}
