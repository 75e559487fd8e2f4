import type { Components, ScheduledInstallment } from "./arrears";

/**
 * Repayment allocation (docs/methodology/lending.md#allocation). Repayments are applied in
 * the order they were paid (paid date, then id); each goes to fees, then interest, then
 * principal of the oldest installment with anything unpaid, then the next installment. A
 * repayment that names an installment pays that installment first (same component order)
 * and the rest follows the default order. What exceeds the whole schedule stays unallocated.
 */

export interface ScheduleLine {
  seq: number;
  dueDate: string;
  due: Components;
}

export interface RepaymentInput {
  id: string;
  paidOn: string;
  amount: number;
  installmentSeq: number | null;
}

export interface AllocationLine {
  seq: number;
  principal: number;
  interest: number;
  fee: number;
}

export interface Allocated {
  installments: ScheduledInstallment[];
  repayments: Map<string, { allocation: AllocationLine[]; unallocated: number }>;
}

const COMPONENT_ORDER = ["fee", "interest", "principal"] as const;

function pay(inst: ScheduledInstallment, amount: number, line: AllocationLine): number {
  let left = amount;
  for (const c of COMPONENT_ORDER) {
    const take = Math.min(left, inst.due[c] - inst.paid[c]);
    if (take <= 0) continue;
    inst.paid[c] += take;
    line[c] += take;
    left -= take;
  }
  return left;
}

export function allocate(
  schedule: readonly ScheduleLine[],
  repayments: readonly RepaymentInput[],
): Allocated {
  const installments: ScheduledInstallment[] = [...schedule]
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.seq - b.seq)
    .map((s) => ({
      seq: s.seq,
      dueDate: s.dueDate,
      due: { ...s.due },
      paid: { principal: 0, interest: 0, fee: 0 },
    }));
  const bySeq = new Map(installments.map((i) => [i.seq, i]));
  const ordered = [...repayments].sort(
    (a, b) => a.paidOn.localeCompare(b.paidOn) || a.id.localeCompare(b.id),
  );
  const result = new Map<string, { allocation: AllocationLine[]; unallocated: number }>();
  for (const r of ordered) {
    const lines = new Map<number, AllocationLine>();
    const lineOf = (seq: number) => {
      const existing = lines.get(seq);
      if (existing) return existing;
      const line = { seq, principal: 0, interest: 0, fee: 0 };
      lines.set(seq, line);
      return line;
    };
    let left = r.amount;
    const named = r.installmentSeq === null ? undefined : bySeq.get(r.installmentSeq);
    if (named) left = pay(named, left, lineOf(named.seq));
    for (const inst of installments) {
      if (left <= 0) break;
      left = pay(inst, left, lineOf(inst.seq));
    }
    const allocation = [...lines.values()]
      .filter((l) => l.principal + l.interest + l.fee > 0)
      .sort((a, b) => a.seq - b.seq);
    result.set(r.id, { allocation, unallocated: left });
  }
  return { installments, repayments: result };
}
