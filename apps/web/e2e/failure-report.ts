import { beforeEach } from 'vitest';
import { whatWasOpen } from './harness.ts';

// A failed browser test says where the page was and what the server last logged: a timeout on a
// locator alone cannot tell a slow screen from a page that was signed out or a server that died.
beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    const account = whatWasOpen();
    const first = task.result?.errors?.[0];
    if (first && account) first.message = `${first.message}\n--- when it failed ---\n${account}`;
  });
});
