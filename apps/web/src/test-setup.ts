import { configure } from '@testing-library/react';

// Test files run in parallel on two cores; an antd tree expanding or a dialog opening can take more
// than Testing Library's default second to appear while other files run, without anything being
// wrong. A missing element still fails, after five seconds.
configure({ asyncUtilTimeout: 5000 });
