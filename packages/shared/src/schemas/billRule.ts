import { type Static, Type } from 'typebox';
import { Id, LiteralUnion } from '../envelope.ts';
import { PageQuery } from '../paging.ts';
import { BILL_RULE_DATE_FORMATS } from '../rules/bill-rule.ts';
import { Description, EnabledMark, EnCode, FullName, Nullable, SortCode } from './organize.ts';

/** Code-rule kinds (admin.md 3.2): 1 time format and serial number, 2 random number, 3 UUID. */
export const BillRuleKind = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);
export const BillRuleDateFormat = LiteralUnion(BILL_RULE_DATE_FORMATS);
/** A serial start: digits only, as a string (leading zeros are part of what the user typed). */
export const START_NUMBER_PATTERN = '^[0-9]{1,18}$';

export const BillRuleInput = Type.Object({
  fullName: FullName,
  enCode: EnCode,
  /** The id of a businessType dictionary entry. */
  category: Id,
  prefix: Nullable(Type.String({ maxLength: 50 })),
  suffix: Nullable(Type.String({ maxLength: 50 })),
  type: BillRuleKind,
  dateFormat: Nullable(BillRuleDateFormat),
  /** Serial width, 1 to 9 (type 1). */
  digit: Nullable(Type.Integer({ minimum: 1, maximum: 9 })),
  startNumber: Nullable(Type.String({ pattern: START_NUMBER_PATTERN })),
  /** 16 or 32 characters (type 2). */
  randomDigit: Nullable(Type.Union([Type.Literal(16), Type.Literal(32)])),
  /** 1 digits, 2 letters and digits (type 2). */
  randomType: Nullable(Type.Union([Type.Literal(1), Type.Literal(2)])),
  /** The form's read-only preview; the server keeps its own. */
  example: Nullable(Type.String({ maxLength: 200 })),
  sortCode: Type.Optional(SortCode),
  enabledMark: Type.Optional(EnabledMark),
  description: Nullable(Description),
});
export type BillRuleInput = Static<typeof BillRuleInput>;
export const BillRuleUpdate = Type.Object({ ...BillRuleInput.properties, id: Type.Optional(Id) });
export type BillRuleUpdate = Static<typeof BillRuleUpdate>;

export const BillRuleQuery = Type.Object({
  ...PageQuery.properties,
  /** A businessType entry id. */
  categoryId: Type.Optional(Id),
  enabledMark: Type.Optional(EnabledMark),
});
export type BillRuleQuery = Static<typeof BillRuleQuery>;

export const BillRuleRow = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  category: Type.String(),
  prefix: Type.String(),
  suffix: Type.String(),
  type: Type.Integer(),
  dateFormat: Type.String(),
  digit: Type.Union([Type.Integer(), Type.Null()]),
  startNumber: Type.String(),
  randomDigit: Type.Union([Type.Integer(), Type.Null()]),
  randomType: Type.Union([Type.Integer(), Type.Null()]),
  example: Type.String(),
  /** The last number handed out, '' before the first. */
  outputNumber: Type.String(),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  description: Type.String(),
  creatorTime: Type.Integer(),
  lastModifyTime: Type.Union([Type.Integer(), Type.Null()]),
});
export type BillRuleRow = Static<typeof BillRuleRow>;

export const BillRuleSelectorQuery = Type.Object({ ...PageQuery.properties, categoryId: Type.Optional(Id) });
export type BillRuleSelectorQuery = Static<typeof BillRuleSelectorQuery>;
/** The picker's row: its key is the enCode, which the billRule widget stores. */
export const BillRuleSelectorRow = Type.Object({ id: Type.String(), fullName: Type.String(), enCode: Type.String() });
export type BillRuleSelectorRow = Static<typeof BillRuleSelectorRow>;

/** The `.bb` file of a code-rule export: the rule's settings, its category by the entry's code too. */
export const BILL_RULE_FILE_FORMAT = 'platform.billRule';
export const BillRuleFile = Type.Object({
  format: Type.Literal(BILL_RULE_FILE_FORMAT),
  version: Type.Literal(1),
  exportedAt: Type.Optional(Type.Integer()),
  rule: Type.Object({
    ...Type.Omit(BillRuleInput, ['example']).properties,
    /** The business-type entry's code: entry ids differ between installations. */
    categoryCode: Type.String({ maxLength: 50 }),
  }),
});
export type BillRuleFile = Static<typeof BillRuleFile>;

/** `GET /api/system/BillRule/{id}/Actions/Export`: where the file downloads from, without authorization. */
export const BillRuleExportLink = Type.Object({ url: Type.String() });

/** What an import did: the rule added (empty when skipped as a duplicate). */
export const BillRuleImportResult = Type.Object({ id: Type.String(), skipped: Type.Boolean() });
export type BillRuleImportResult = Static<typeof BillRuleImportResult>;
