import { readStored, writeStored } from '../shared/storage.ts';

/**
 * After a redeploy the hashed files an open tab would load next are gone: its next lazy page or
 * style fails to import. Reloading fetches the new index.html and its files; a second failure
 * soon after means something else is wrong, and the error page shows instead of a loop.
 */
const reloadedAtKind = 'staleChunkReloadedAt';
/** A failure this long after the last automatic reload reloads again (a later redeploy). */
export const staleChunkQuietMs = 60_000;

/** Dynamic import failures as Chromium, Firefox and Safari word them, and Vite's CSS preload. */
const staleChunkMessage =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i;

export function isStaleChunkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || staleChunkMessage.test(error.message);
}

/**
 * Reloads the tab unless it did so automatically within `staleChunkQuietMs` (kept in the tab's
 * sessionStorage, so it survives the reload and stays with this tab). Answers whether it reloads.
 */
export function reloadForStaleChunk(now = Date.now(), reload: () => void = () => window.location.reload()): boolean {
  const last = readStored<number>(reloadedAtKind, { session: true });
  if (typeof last === 'number' && now - last < staleChunkQuietMs) return false;
  writeStored(reloadedAtKind, now, { session: true });
  // Without storage (switched off) the guard could not hold: no automatic reload at all.
  if (readStored<number>(reloadedAtKind, { session: true }) !== now) return false;
  reload();
  return true;
}
