/** What every browser-test file shares: the seeded administrator and the run's template data directory. */

/** The administrator's password every browser-test server is seeded with. */
export const adminPassword = 'Admin@e2e2026';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory migrated and seeded once, which every file's server starts from a copy of (template-data.ts). */
    templateDataDir: string;
    /** The server bundled once for the run, which every file starts with plain node (template-data.ts). */
    serverBundle: string;
  }
}
