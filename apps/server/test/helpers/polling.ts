export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks `probe` again until `done` holds or `ms` have passed, and answers the last value either way:
 * the test's own expectation then says what never came (a job, a mail, a message).
 */
export async function until<T>(probe: () => Promise<T> | T, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await probe();
  while (!done(value) && Date.now() < deadline) {
    await sleep(150);
    value = await probe();
  }
  return value;
}
