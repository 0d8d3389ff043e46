import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { CategorisedRepository, listedRecordColumns } from '../../core/categorised-repository.ts';
import type { CategorisedFilter } from '../../core/list.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { BillRuleTable } from '../../db/schema.ts';

export type BillRuleValues = Omit<Insertable<BillRuleTable>, 'id' | 'serial' | 'period' | 'outputNumber'>;

export type BillRuleFilter = CategorisedFilter;

/** The parts of a rule its numbers are made from, as an allocation answers them. */
export interface AllocatedSerials {
  id: string;
  type: number;
  /** The first of the `count` serials just handed out, as digits; the others follow it. */
  firstSerial: string;
  /** The date part of these numbers ('' for none). */
  period: string;
  prefix: string | null;
  suffix: string | null;
  digit: number | null;
  randomDigit: number | null;
  randomType: number | null;
}

const columns = [
  'id',
  'fullName',
  'enCode',
  'category',
  'prefix',
  'suffix',
  'type',
  'dateFormat',
  'digit',
  'startNumber',
  'randomDigit',
  'randomType',
  'outputNumber',
  ...listedRecordColumns,
] as const;

/** A record as the lists answer it. */
export type BillRuleListRow = Pick<Selectable<BillRuleTable>, (typeof columns)[number]>;

export class BillRuleRepository extends CategorisedRepository<
  'billRule',
  BillRuleValues,
  BillRuleFilter,
  BillRuleListRow
> {
  constructor(db: Db | Trx) {
    super(db, 'billRule');
  }

  protected listQuery() {
    return this.db.selectFrom('billRule').select(columns);
  }

  findById(id: string) {
    return this.db.selectFrom('billRule').select(columns).where('id', '=', id).executeTakeFirst();
  }

  /** A changed start, format or kind starts the numbering again. */
  override async update(id: string, values: Updateable<BillRuleTable>, userId: string, restart = false) {
    await super.update(id, restart ? { ...values, serial: null, period: '' } : values, userId);
  }

  /**
   * Hands out the next `count` serials of the enabled rule `enCode` and records the last number,
   * in one statement: the row lock it takes is held only while it runs, so callers on every
   * instance queue on it briefly and never share a serial. `stamp` is the time of the call as
   * `BILL_RULE_FULL_STAMP` formats it; every allowed date format is a prefix of that pattern with
   * an output as long as itself, so a rule's period (the date part of its number, '' for none) is
   * `left(stamp, length(date_format))`. A new period (the clock passed into the next day, month...)
   * starts again at the start number; a period behind the stored one (an instance whose clock is
   * late) continues the stored one, so a number is never made twice. The recorded number of a
   * serial rule is written as `billNumberOf` writes it (prefix, date, serial padded to `digit` and
   * never cut, suffix); a test holds the two to the same output.
   */
  async allocate(enCode: string, stamp: string, count = 1): Promise<AllocatedSerials | undefined> {
    const result = await sql<AllocatedSerials>`
      with rule as (
        select id, serial, start_number, period as stored_period,
          case when type = 1 and coalesce(date_format, 'no') not in ('', 'no')
            then left(${stamp}, length(date_format)) else '' end as period
        from bill_rule
        where lower(en_code) = ${enCode.toLowerCase()} and enabled_mark = 1
        for update
      ), next as (
        select id,
          case when serial is null or stored_period < period
            then coalesce(nullif(start_number, ''), '0')::bigint
            else serial + 1 end as first_serial,
          greatest(stored_period, period) as period
        from rule
      )
      update bill_rule b
      set serial = next.first_serial + ${count} - 1,
        period = next.period,
        output_number = case when b.type = 1 then
          coalesce(b.prefix, '') || next.period
          || lpad((next.first_serial + ${count} - 1)::text,
            greatest(coalesce(b.digit, 0), length((next.first_serial + ${count} - 1)::text)), '0')
          || coalesce(b.suffix, '')
          else b.output_number end
      from next
      where b.id = next.id
      returning b.id, b.type, next.first_serial::text as first_serial, next.period, b.prefix, b.suffix, b.digit,
        b.random_digit, b.random_type`.execute(this.db);
    return result.rows[0];
  }

  async recordOutput(id: string, outputNumber: string) {
    await this.db.updateTable('billRule').set({ outputNumber }).where('id', '=', id).execute();
  }
}
