import { beforeEach, describe, expect, test, vi } from 'vitest';
import { isStaleChunkError, reloadForStaleChunk, staleChunkQuietMs } from './stale-chunk.ts';

describe('a tab whose code chunk is gone after a redeploy', () => {
  beforeEach(() => sessionStorage.clear());

  test.each([
    [new TypeError('Failed to fetch dynamically imported module: https://x/assets/UserPage-1a2b.js'), true],
    [new TypeError('error loading dynamically imported module: https://x/assets/a.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Unable to preload CSS for /assets/a.css'), true],
    [new TypeError("Cannot read properties of undefined (reading 'map')"), false],
    ['Failed to fetch dynamically imported module', false],
  ])('%s is a stale chunk: %s', (error, stale) => {
    expect(isStaleChunkError(error)).toBe(stale);
  });

  test('reloads once, then shows the error instead of reloading in a loop', () => {
    const reload = vi.fn();
    expect(reloadForStaleChunk(1_000_000, reload)).toBe(true);
    expect(reloadForStaleChunk(1_000_000 + 5_000, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('a later redeploy reloads again', () => {
    const reload = vi.fn();
    reloadForStaleChunk(1_000_000, reload);
    expect(reloadForStaleChunk(1_000_000 + staleChunkQuietMs + 1, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
