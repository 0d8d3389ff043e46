/**
 * The one place that touches Web Storage (shell.md §9): every key is one fixed prefix, then the
 * application id when the app runs under one, then the kind of datum (`token`, `language`, ...).
 * Values are JSON so that numbers, booleans and objects come back as they went in.
 */
export const storagePrefix = 'platform__';

/** Set once at start when the app is served under an application id (its base path). */
let applicationId = '';
export function setStorageApplicationId(id: string): void {
  applicationId = id;
}

export function storageKey(kind: string): string {
  return `${storagePrefix}${applicationId ? `${applicationId}__` : ''}${kind}`;
}

function area(session: boolean): Storage | undefined {
  try {
    return session ? globalThis.sessionStorage : globalThis.localStorage;
  } catch {
    // Storage can be switched off (privacy modes); the app then keeps state in memory only.
    return undefined;
  }
}

export function readStored<T>(kind: string, options: { session?: boolean } = {}): T | undefined {
  const raw = area(!!options.session)?.getItem(storageKey(kind));
  if (raw == null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export function writeStored(kind: string, value: unknown, options: { session?: boolean } = {}): void {
  try {
    area(!!options.session)?.setItem(storageKey(kind), JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled: nothing worth breaking the page for.
  }
}

export function removeStored(kind: string, options: { session?: boolean } = {}): void {
  area(!!options.session)?.removeItem(storageKey(kind));
}
