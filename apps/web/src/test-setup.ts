import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { fakeProblems } from './test-wire.ts';

// Test files run in parallel on two cores; an antd tree expanding or a dialog opening can take more
// than Testing Library's default second to appear while other files run, without anything being
// wrong. A missing element still fails, after five seconds.
configure({ asyncUtilTimeout: 5000 });

// What a test rendered is unmounted after it (Testing Library does this by itself only with
// Vitest's globals on): a hook left mounted went on scheduling React work after the file's window
// was gone ("window is not defined", useRecordPage.test.tsx).
afterEach(cleanup);

// A fake answer that does not match its route's answer schema fails the test that made it, even
// when the request layer swallowed the error as a failed call (test-wire.ts).
afterEach(() => {
  const problems = fakeProblems.splice(0);
  if (problems.length) throw new Error(problems.join('\n'));
});
