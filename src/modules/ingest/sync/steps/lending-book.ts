import type { TenantContext } from "../../../../db/tenant-context";
import type { RawRecord } from "../../domain/parse";

/**
 * Where the Fineract sync writes loans and repayments: the lending module's own ingest (it alone
 * writes loans, installments and repayments). Lending sits above ingest (its ingest endpoints
 * read bodies with ingest's parser and link records through ingest's service), so ingest does
 * not import it: it calls this port, which src/ports.ts fills once per isolate with
 * lending/ingest/service.ts and lending/repayments/service.ts (docs/architecture.md#ports).
 */
export interface LendingWrite {
  recordsWritten: number;
  errors: { index: number; message: string }[];
}

export interface LendingBook {
  loans(ctx: TenantContext, raws: RawRecord[]): Promise<LendingWrite>;
  repayments(ctx: TenantContext, raws: RawRecord[]): Promise<LendingWrite>;
}

let book: LendingBook | null = null;

export function provideLendingBook(provided: LendingBook | null): void {
  book = provided;
}

function filled(): LendingBook {
  // Unfilled only when src/ports.ts was never imported: a wiring fault, not loans to drop.
  if (!book) throw new Error("ingest/sync: lending book port not filled (src/ports.ts)");
  return book;
}

/** Loans with their schedules, upserted by identity (POST /v1/ingest/loans's write). */
export const ingestLoanRecords = (ctx: TenantContext, raws: RawRecord[]): Promise<LendingWrite> =>
  filled().loans(ctx, raws);

/** Repayments upserted by identity, every touched loan re-allocated (POST /v1/ingest/loan-repayments's write). */
export const ingestRepaymentRecords = (ctx: TenantContext, raws: RawRecord[]): Promise<LendingWrite> =>
  filled().repayments(ctx, raws);
