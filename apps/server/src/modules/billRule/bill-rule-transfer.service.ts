import {
  BILL_RULE_FILE_FORMAT,
  type BillRuleFile,
  BillRuleFile as BillRuleFileSchema,
  type BillRuleImportResult,
  type BillRuleInput,
} from '@platform/shared';
import type { Downloads } from '../../core/downloads.ts';
import { type DuplicateMode, parseEntityFile, randomSuffix, withSuffix } from '../../core/entity-import.ts';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { DictionaryCache } from '../dictionary/dictionary-cache.ts';
import { BillRuleRepository } from './bill-rule.repository.ts';
import type { BillRuleService } from './bill-rule.service.ts';

/** A code rule's export to a `.bb` file and its import (protocol-admin.md sections 0 and 2). */
export class BillRuleTransferService {
  constructor(
    private readonly db: Db,
    private readonly rules: BillRuleService,
    private readonly dictionaries: DictionaryCache,
    private readonly downloads: Downloads,
  ) {}

  /** The rule's settings (not its numbering) as a file; answers where it downloads from. */
  async export(id: string): Promise<{ url: string }> {
    const row = await new BillRuleRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    const category = (await this.dictionaries.entries('businessType')).find((entry) => entry.id === row.category);
    const file = {
      format: BILL_RULE_FILE_FORMAT,
      version: 1,
      exportedAt: Date.now(),
      rule: {
        fullName: row.fullName,
        enCode: row.enCode,
        category: row.category,
        categoryCode: category?.enCode ?? '',
        prefix: row.prefix,
        suffix: row.suffix,
        type: row.type,
        dateFormat: row.dateFormat,
        digit: row.digit,
        startNumber: row.startNumber,
        randomDigit: row.randomDigit,
        randomType: row.randomType,
        sortCode: row.sortCode,
        enabledMark: row.enabledMark,
        description: row.description,
      },
    };
    const { url } = await this.downloads.save(JSON.stringify(file, null, 2), {
      contentType: 'application/octet-stream',
      fileName: `${row.fullName}.bb`,
    });
    return { url };
  }

  /**
   * Adds the rule of a `.bb` file, its category found by the entry's code (else its id). A rule
   * whose code exists is skipped (mode 0) or added with a random suffix on name and code (mode 1).
   * The rule is checked as a new one from the page is.
   */
  async import(content: Buffer, mode: DuplicateMode, session: Session): Promise<BillRuleImportResult> {
    const { categoryCode, ...rule } = parseFile(content).rule;
    const entries = await this.dictionaries.entries('businessType');
    const category =
      entries.find((entry) => entry.enCode === categoryCode)?.id ?? entries.find((e) => e.id === rule.category)?.id;
    if (!category) throw new BusinessError('billRule.categoryUnknown', { id: categoryCode || rule.category });
    const input: BillRuleInput = { ...rule, category };
    if (await new BillRuleRepository(this.db).codeTaken(input.enCode, null)) {
      if (mode === 0) return { id: '', skipped: true };
      const suffix = randomSuffix();
      input.fullName = withSuffix(input.fullName, suffix);
      input.enCode = withSuffix(input.enCode, suffix);
    }
    return { id: await this.rules.create(input, session), skipped: false };
  }
}

const parseFile = (content: Buffer): BillRuleFile =>
  parseEntityFile(content, BillRuleFileSchema, 'billRule.importInvalid');
