import { moduleNamePattern } from '@platform/shared';
import { expect, test } from 'vitest';
import { suggestModule } from './components/GenerateCodeDialog.tsx';

test("the module name offered is made from the form's code and is one the server accepts", () => {
  const accepted = new RegExp(moduleNamePattern);
  const cases: [string, string][] = [
    ['e2e.customers', 'e2eCustomers'],
    ['Leave_Form', 'leaveForm'],
    ['2024-orders', 'orders'],
    ['客户', 'module'],
    ['a'.repeat(60), 'a'.repeat(40)],
  ];
  for (const [enCode, module] of cases) {
    expect(suggestModule(enCode)).toBe(module);
    expect(accepted.test(suggestModule(enCode))).toBe(true);
  }
});
