import {
  BillRuleExportLink,
  BillRuleImportResult,
  BillRuleInput,
  BillRuleQuery,
  BillRuleRow,
  BillRuleSelectorQuery,
  BillRuleSelectorRow,
  BillRuleUpdate,
  EnCode,
  EnvelopeOf,
  PageOf,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { crudRoutes, transferRoutes } from '../../core/crud-routes.ts';
import { ok } from '../../core/envelope.ts';
import type { BillRuleService } from './bill-rule.service.ts';
import type { BillRuleTransferService } from './bill-rule-transfer.service.ts';

const tags = ['billRule'];
const base = '/api/system/BillRule';
const menu = 'system.billRule';

/** Code rules. The picker and BillNumber serve any signed-in user: forms number their records through them. */
export default async function billRuleRoutes(
  app: App,
  { rules, transfer }: { rules: BillRuleService; transfer: BillRuleTransferService },
) {
  crudRoutes(
    app,
    {
      base,
      menu,
      tag: 'billRule',
      noun: { one: 'code rule', many: 'Code rules' },
      schemas: { query: BillRuleQuery, row: BillRuleRow, input: BillRuleInput, update: BillRuleUpdate },
    },
    rules,
  );

  app.get(
    `${base}/Selector`,
    {
      schema: {
        tags,
        summary: 'Enabled code rules for the picker, paged (the key is enCode)',
        querystring: BillRuleSelectorQuery,
        response: { 200: EnvelopeOf(PageOf(BillRuleSelectorRow)) },
      },
    },
    async (request) => ok(await rules.selector(request.query)),
  );

  app.get(
    `${base}/BillNumber/:enCode`,
    {
      schema: {
        tags,
        summary: 'The next number of an enabled rule, by its enCode (data is the number)',
        params: Type.Object({ enCode: EnCode }),
        response: { 200: EnvelopeOf(Type.String()) },
      },
    },
    async (request) => ok(await rules.nextNumber(request.params.enCode)),
  );

  transferRoutes(
    app,
    {
      base,
      menu,
      tag: 'billRule',
      file: { extension: /\.bb$/i, maxBytes: 1024 * 1024 },
      messages: { file: 'billRule.importFile', mode: 'billRule.importMode', invalid: 'billRule.importInvalid' },
      answered: (result) => (result.skipped ? 'billRule.importSkipped' : 'billRule.imported'),
      schemas: { link: BillRuleExportLink, result: BillRuleImportResult },
      summaries: {
        export: 'Write a rule to a .bb file; answers the url it downloads from without authorization',
        import: 'Import a .bb file (multipart file + type: 0 skip a rule whose code exists, 1 add it with a suffix)',
      },
    },
    transfer,
  );
}
