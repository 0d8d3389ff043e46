import type { ReactNode } from 'react';
import { openStoredFile } from '../download.ts';

/**
 * A stored file's name as a link that downloads it. The address an upload answers gives JSON with a
 * short-lived link, so a click asks for that link first (openStoredFile); the href stays for
 * keyboard focus and the browser's link menu.
 */
export function StoredFileLink({ url, name, children }: { url: string; name: string; children?: ReactNode }) {
  return (
    <a
      href={url}
      onClick={(event) => {
        event.preventDefault();
        void openStoredFile(url, name).catch(() => undefined);
      }}
    >
      {children ?? name}
    </a>
  );
}
