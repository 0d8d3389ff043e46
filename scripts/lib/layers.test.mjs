import { describe, expect, test } from 'vitest';
import { checkFeatureFace, checkHttpImport, checkImport, findCycles } from './layers.mjs';
import { rulesTestsAwaitingUse } from './rules-in-use.mjs';

describe('the import direction of docs/architecture.md', () => {
  test.each([
    [
      'apps/server/src/core/operation-log.ts',
      'apps/server/src/modules/log/log.repository.ts',
      'core/ imports only core/, db/, config.ts and @platform/shared',
    ],
    [
      'apps/server/src/core/app-types.ts',
      'apps/server/src/modules/sysConfig/sys-config.service.ts',
      'core/ imports only core/, db/, config.ts and @platform/shared',
    ],
    [
      'apps/server/src/db/database.ts',
      'apps/server/src/core/ids.ts',
      'db/ imports only db/, config.ts and @platform/shared',
    ],
    [
      'apps/server/src/seed/seed.ts',
      'apps/server/src/modules/user/user.service.ts',
      'seed/ imports only seed/, core/, db/, config.ts and @platform/shared',
    ],
    [
      'apps/server/src/modules/notice/notice.service.ts',
      'apps/server/src/modules/message/message.repository.ts',
      'module notice reaches message through its service, not its message.repository.ts',
    ],
    [
      'apps/server/src/modules/menu/menu.service.ts',
      'apps/server/src/modules/authorize/authorize.routes.ts',
      'module menu reaches authorize through its service, not its authorize.routes.ts',
    ],
    [
      'apps/server/src/modules/user/user.service.ts',
      'apps/server/src/app.ts',
      'a module does not import app.ts or main.ts',
    ],
    [
      'apps/web/src/shared/components/crud.tsx',
      'apps/web/src/app/permission.tsx',
      'web shared/ imports only shared/ and @platform/shared',
    ],
    [
      'apps/web/src/features/home/pages/HomePage.tsx',
      'apps/web/src/app/layout/NavMenus.tsx',
      'feature home does not import app/ (move what it needs into shared/)',
    ],
    [
      'apps/web/src/features/user/pages/UserPage.tsx',
      'apps/server/src/modules/user/user.service.ts',
      'web code does not import server code',
    ],
    ['packages/shared/src/index.ts', 'apps/web/src/shared/api/http.ts', 'packages/shared imports nothing from apps/'],
  ])('a back edge %s -> %s is refused, naming the rule', (from, to, rule) => {
    expect(checkImport(from, to)).toBe(rule);
  });

  test.each([
    ['apps/server/src/app.ts', 'apps/server/src/modules/log/log.service.ts'],
    ['apps/server/src/core/operation-log.ts', 'apps/server/src/db/schema.ts'],
    ['apps/server/src/seed/seed.ts', 'apps/server/src/core/ids.ts'],
    ['apps/server/src/modules/profile/profile.routes.ts', 'apps/server/src/modules/oauth/oauth.service.ts'],
    ['apps/server/src/modules/role/role.service.ts', 'apps/server/src/modules/organize/organize-tree.ts'],
    ['apps/server/src/modules/user/user.routes.ts', 'packages/shared/src/index.ts'],
    ['apps/web/src/app/router.tsx', 'apps/web/src/features/home/pages/HomePage.tsx'],
    ['apps/web/src/features/home/pages/HomePage.tsx', 'apps/web/src/shared/shell/open-menu.ts'],
  ])('the documented direction %s -> %s is allowed', (from, to) => {
    expect(checkImport(from, to)).toBeNull();
  });
});

test('the rules library tests awaiting use are found from what apps/ imports', () => {
  const awaiting = rulesTestsAwaitingUse(new URL('../..', import.meta.url).pathname).map((f) => f.split('/').pop());
  // The password policy is used by the password forms and the server, the calculator by the form
  // engine; relative times by nothing yet (when something uses them, pick another example).
  expect(awaiting).toContain('relative-time.test.ts');
  expect(awaiting).not.toContain('password-policy.test.ts');
  expect(awaiting).not.toContain('calculate.test.ts');
});

describe('web feature faces and import cycles (issue 38)', () => {
  test('a feature reaches another only through its index.ts', () => {
    expect(
      checkFeatureFace('apps/web/src/features/message/pages/A.tsx', 'apps/web/src/features/notice/components/B.tsx'),
    ).toBe('feature message reaches notice only through features/notice/index.ts');
    expect(
      checkFeatureFace('apps/web/src/features/visualdev/pages/A.tsx', 'apps/web/src/features/printDev/index.ts'),
    ).toBeNull();
    expect(
      checkFeatureFace('apps/web/src/features/notice/pages/A.tsx', 'apps/web/src/features/notice/api.ts'),
    ).toBeNull();
    expect(checkFeatureFace('apps/web/src/features/notice/pages/A.tsx', 'apps/web/src/shared/toast.tsx')).toBeNull();
  });

  test('cycles of any length are found, each once, and a chain is not a cycle', () => {
    const graph = (pairs) => {
      const edges = new Map();
      for (const [a, b] of pairs) edges.set(a, new Set([...(edges.get(a) ?? []), b]));
      return edges;
    };
    // The six-file form-engine loop of the review, with a tail outside it.
    const loop = ['FormRenderer', 'kinds', 'pickers', 'relation-form', 'RelationRecordDetail'];
    const pairs = loop.map((f, i) => [f, loop[(i + 1) % loop.length]]);
    expect(findCycles(graph([...pairs, ['page', 'FormRenderer'], ['kinds', 'store']]))).toEqual([[...loop].sort()]);
    expect(
      findCycles(
        graph([
          ['a', 'b'],
          ['b', 'a'],
          ['c', 'd'],
          ['d', 'c'],
          ['e', 'e'],
        ]),
      ),
    ).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(
      findCycles(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['a', 'c'],
        ]),
      ),
    ).toEqual([]);
  });

  test('a feature calls the server only from its api.ts', () => {
    const http = 'apps/web/src/shared/api/http.ts';
    expect(
      checkHttpImport(
        'apps/web/src/features/billRule/components/Picker.tsx',
        http,
        "import { http } from '../../../shared/api/http.ts'",
      ),
    ).toBe('feature billRule calls the server only from its api.ts, not through the http client here');
    expect(
      checkHttpImport(
        'apps/web/src/features/a/B.tsx',
        http,
        "import { HttpError, http } from '../../shared/api/http.ts'",
      ),
    ).not.toBeNull();
    expect(
      checkHttpImport('apps/web/src/features/billRule/api.ts', http, "import { http } from '../../shared/api/http.ts'"),
    ).toBeNull();
    expect(
      checkHttpImport('apps/web/src/features/a/B.tsx', http, "import { HttpError } from '../../shared/api/http.ts'"),
    ).toBeNull();
    expect(
      checkHttpImport(
        'apps/web/src/features/a/B.tsx',
        'apps/web/src/features/a/http.ts',
        "import { http } from './http.ts'",
      ),
    ).toBeNull();
  });
});
