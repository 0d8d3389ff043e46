import { randomInt } from 'node:crypto';
import {
  BILL_RULE_FULL_STAMP,
  type BillRuleInput,
  type BillRuleQuery,
  type BillRuleRow,
  type BillRuleSelectorQuery,
  billNumberOf,
  billRulePreview,
  formatDate,
  type PageData,
} from '@platform/shared';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import type { Session } from '../../core/session.ts';
import { flipEnabledMark } from '../../core/state-switch.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { DictionaryCache } from '../dictionary/dictionary-cache.ts';
import { BillRuleRepository, type BillRuleValues } from './bill-rule.repository.ts';

type Row = NonNullable<Awaited<ReturnType<BillRuleRepository['findById']>>>;

/** Random and UUID numbers come from the operating system's generator, not Math.random. */
const secureRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;

const toWire = (r: Row): BillRuleRow => ({
  id: r.id,
  fullName: r.fullName,
  enCode: r.enCode,
  category: r.category,
  prefix: r.prefix ?? '',
  suffix: r.suffix ?? '',
  type: r.type,
  dateFormat: r.dateFormat ?? '',
  digit: r.digit,
  startNumber: r.startNumber ?? '',
  randomDigit: r.randomDigit,
  randomType: r.randomType,
  example: billRulePreview(r, Date.now(), secureRandom),
  outputNumber: r.outputNumber ?? '',
  sortCode: r.sortCode,
  enabledMark: r.enabledMark,
  description: r.description ?? '',
  creatorTime: toMillis(r.creatorTime) ?? 0,
  lastModifyTime: toMillis(r.lastModifyTime),
});

/** Code rules (单据规则): CRUD for the administration page, the picker, and numbers handed out. */
export class BillRuleService {
  constructor(
    private readonly db: Db,
    private readonly dictionaries: DictionaryCache,
  ) {}

  /** A rule's category is an entry of the business-type dictionary (protocol-admin.md section 2). */
  private async checkCategory(category: string) {
    if (!(await this.dictionaries.hasEntry('businessType', category))) {
      throw new BusinessError('billRule.categoryUnknown', { id: category });
    }
  }

  async page(query: BillRuleQuery): Promise<PageData<BillRuleRow>> {
    const params = pageParams(query);
    const { list, total } = await new BillRuleRepository(this.db).page(params, {
      category: query.categoryId,
      enabledMark: query.enabledMark,
    });
    // The list shows the business type by its name (the 3.6 client prints `category` as given); Info keeps the id.
    const names = await this.dictionaries.entryNames('businessType');
    return page(
      list.map((row) => ({ ...toWire(row), category: names?.get(row.category) ?? row.category })),
      total,
      params,
    );
  }

  /** The picker: enabled rules, paged, optionally of one category. */
  async selector(query: BillRuleSelectorQuery) {
    const params = pageParams(query);
    const { list, total } = await new BillRuleRepository(this.db).page(params, {
      category: query.categoryId,
      enabledMark: 1,
    });
    return page(
      list.map((r) => ({ id: r.id, fullName: r.fullName, enCode: r.enCode })),
      total,
      params,
    );
  }

  async info(id: string) {
    const row = await new BillRuleRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    return toWire(row);
  }

  async create(input: BillRuleInput, session: Session): Promise<string> {
    const values = valuesOf(input);
    await this.checkCategory(input.category);
    return this.db.transaction().execute(async (trx) => {
      const repo = new BillRuleRepository(trx);
      if (await repo.codeTaken(input.enCode, null)) throw new BusinessError('billRule.codeTaken');
      const id = newId();
      await repo.insert(id, values, session.userId);
      return id;
    });
  }

  async update(id: string, input: BillRuleInput, session: Session) {
    const values = valuesOf(input);
    await this.checkCategory(input.category);
    await this.db.transaction().execute(async (trx) => {
      const repo = new BillRuleRepository(trx);
      const before = await repo.findById(id);
      if (!before) throw new NotFoundError();
      if (await repo.codeTaken(input.enCode, id)) throw new BusinessError('billRule.codeTaken');
      const restart =
        before.type !== values.type ||
        (before.dateFormat ?? '') !== (values.dateFormat ?? '') ||
        (before.startNumber ?? '') !== (values.startNumber ?? '');
      await repo.update(id, values, session.userId, restart);
    });
  }

  toggleState(id: string, session: Session): Promise<number> {
    return flipEnabledMark(this.db, 'billRule', id, session.userId);
  }

  async delete(id: string) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new BillRuleRepository(trx);
      if (!(await repo.findById(id))) throw new NotFoundError();
      await repo.delete(id);
    });
  }

  /**
   * The next number of the enabled rule `enCode`. Serial rules take their serial from the
   * database (see the repository); random and UUID rules draw a fresh code. Calls for one rule are
   * coalesced: while its statement runs, the calls that arrive wait and then take their numbers
   * together in the next one, so a burst costs a few statements (and commits) instead of one each,
   * and a statement that fails fails only its own calls, leaving no gap.
   */
  nextNumber(enCode: string, now = new Date()): Promise<string> {
    const key = enCode.toLowerCase();
    return new Promise<string>((resolve, reject) => {
      const queue = this.waiting.get(key) ?? [];
      queue.push({ now, resolve, reject });
      this.waiting.set(key, queue);
      if (!this.allocating.has(key)) void this.allocateWaiting(key);
    });
  }

  /**
   * The next number of the rule `enCode`, taken inside the caller's transaction `trx` (a flow's
   * launch writes its record there): a rollback gives the serial back.
   */
  async nextNumberWithin(trx: Trx, enCode: string, now = new Date()): Promise<string> {
    const [number] = await this.allocateNumbers(enCode.toLowerCase(), [now], trx);
    return number ?? '';
  }

  private readonly waiting = new Map<string, NumberRequest[]>();
  private readonly allocating = new Set<string>();

  private async allocateWaiting(key: string) {
    this.allocating.add(key);
    try {
      for (let batch = this.takeBatch(key); batch.length > 0; batch = this.takeBatch(key)) {
        try {
          const numbers = await this.allocateNumbers(
            key,
            batch.map((request) => request.now),
          );
          for (const [i, request] of batch.entries()) request.resolve(numbers[i] ?? '');
        } catch (error) {
          for (const request of batch) request.reject(error);
        }
      }
    } finally {
      this.allocating.delete(key);
    }
  }

  private takeBatch(key: string): NumberRequest[] {
    const queue = this.waiting.get(key) ?? [];
    const batch = queue.splice(0, maxNumbersPerStatement);
    if (queue.length === 0) this.waiting.delete(key);
    return batch;
  }

  /** Numbers for requests made at `nows`, in their order, from one statement on `db`. */
  private async allocateNumbers(enCode: string, nows: Date[], db: Db | Trx = this.db): Promise<string[]> {
    const now = new Date(Math.max(...nows.map((at) => at.getTime())));
    const repo = new BillRuleRepository(db);
    const allocated = await repo.allocate(enCode, formatDate(now, BILL_RULE_FULL_STAMP), nows.length);
    if (!allocated) throw new BusinessError('billRule.notFound', { code: enCode });
    if (allocated.type === 1) {
      const first = BigInt(allocated.firstSerial);
      return nows.map((_, i) => billNumberOf({ ...allocated, serial: (first + BigInt(i)).toString() }));
    }
    const numbers = nows.map(() => billRulePreview(allocated, now, secureRandom));
    await repo.recordOutput(allocated.id, numbers[numbers.length - 1] ?? '');
    return numbers;
  }
}

interface NumberRequest {
  now: Date;
  resolve: (number: string) => void;
  reject: (error: unknown) => void;
}

/** One statement hands out at most this many numbers; more waiting calls take the next one. */
const maxNumbersPerStatement = 500;

/** What a form sends, as stored: each kind keeps only its own settings. */
function valuesOf(input: BillRuleInput): BillRuleValues {
  const serial = input.type === 1;
  const random = input.type === 2;
  if (serial && (!input.digit || !input.startNumber)) throw new BusinessError('billRule.serialRequired');
  if (serial && /^0+$/.test(input.startNumber ?? '')) throw new BusinessError('billRule.startZero');
  return {
    fullName: input.fullName,
    enCode: input.enCode,
    category: input.category,
    prefix: input.prefix || null,
    suffix: input.suffix || null,
    type: input.type,
    dateFormat: serial ? (input.dateFormat ?? 'no') : null,
    digit: serial ? (input.digit ?? null) : null,
    startNumber: serial ? (input.startNumber ?? null) : null,
    randomDigit: random ? (input.randomDigit ?? 16) : null,
    randomType: random ? (input.randomType ?? 1) : null,
    sortCode: input.sortCode ?? 0,
    enabledMark: input.enabledMark ?? 1,
    description: input.description ?? null,
  };
}
