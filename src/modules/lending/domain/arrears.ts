/**
 * Arrears of one loan as of a date (docs/methodology/lending.md#arrears). Pure: amounts are
 * integer minor units, dates calendar days "YYYY-MM-DD" (a schedule has no time of day).
 */

/** Arrears buckets by days past due; `max` inclusive, `null` for the open-ended last one. */
export const BUCKETS = [
  { bucket: "current", min: 0, max: 0 },
  { bucket: "1-30", min: 1, max: 30 },
  { bucket: "31-60", min: 31, max: 60 },
  { bucket: "61-90", min: 61, max: 90 },
  { bucket: "90+", min: 91, max: null },
] as const;
export type Bucket = (typeof BUCKETS)[number]["bucket"];
export const BUCKET_NAMES = BUCKETS.map((b) => b.bucket) as [Bucket, ...Bucket[]];

export function bucketOf(dpd: number): Bucket {
  for (const b of BUCKETS) if (b.max === null || dpd <= b.max) return b.bucket;
  return "90+";
}

export interface Components {
  principal: number;
  interest: number;
  fee: number;
}

export interface ScheduledInstallment {
  seq: number;
  dueDate: string;
  due: Components;
  paid: Components;
}

export interface Arrears {
  asOf: string;
  daysPastDue: number;
  bucket: Bucket;
  /** Due date of the oldest installment not fully paid, overdue or not (null when all are paid). */
  oldestUnpaidDueDate: string | null;
  overdue: Components & { total: number };
  outstanding: Components & { total: number };
  overdueInstallments: number;
}

const DAY_MS = 86_400_000;
export const dayNumber = (date: string): number => Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / DAY_MS;
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

const unpaid = (i: ScheduledInstallment): Components => ({
  principal: i.due.principal - i.paid.principal,
  interest: i.due.interest - i.paid.interest,
  fee: i.due.fee - i.paid.fee,
});
const sum = (c: Components) => c.principal + c.interest + c.fee;
const zero = (): Components => ({ principal: 0, interest: 0, fee: 0 });
const add = (a: Components, b: Components) => {
  a.principal += b.principal;
  a.interest += b.interest;
  a.fee += b.fee;
};

/**
 * Days past due = asOf minus the due date of the oldest installment that is not fully paid and
 * fell due before asOf (an installment due on asOf itself is not late yet); 0 when none.
 */
export function arrearsOf(installments: readonly ScheduledInstallment[], asOf: string): Arrears {
  const overdue = zero();
  const outstanding = zero();
  let oldestUnpaid: string | null = null;
  let oldestOverdue: string | null = null;
  let overdueInstallments = 0;
  const bySchedule = [...installments].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.seq - b.seq);
  for (const inst of bySchedule) {
    const left = unpaid(inst);
    if (sum(left) <= 0) continue;
    add(outstanding, left);
    oldestUnpaid ??= inst.dueDate;
    if (inst.dueDate < asOf) {
      add(overdue, left);
      oldestOverdue ??= inst.dueDate;
      overdueInstallments += 1;
    }
  }
  const daysPastDue = oldestOverdue === null ? 0 : daysBetween(oldestOverdue, asOf);
  return {
    asOf,
    daysPastDue,
    bucket: bucketOf(daysPastDue),
    oldestUnpaidDueDate: oldestUnpaid,
    overdue: { ...overdue, total: sum(overdue) },
    outstanding: { ...outstanding, total: sum(outstanding) },
    overdueInstallments,
  };
}

/** Days past due from the stored oldest unpaid due date (what PAR computes in SQL). */
export const dpdFromOldestUnpaid = (oldestUnpaidDueDate: string | null, asOf: string): number =>
  oldestUnpaidDueDate !== null && oldestUnpaidDueDate < asOf ? daysBetween(oldestUnpaidDueDate, asOf) : 0;
