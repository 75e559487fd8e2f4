import type { SyncRunRow } from "../../../db/shard/ingest";
import type { TenantContext } from "../../../db/tenant-context";
import type { RawRecord } from "../domain/parse";
import type { Resource } from "../domain/records";
import { ingestRaw } from "../service";
import * as repo from "./repo";

/** syncStatus.errors keeps the first ones; the total is in the run's error count. */
export const MAX_REPORTED_ERRORS = 100;

export interface SyncDeps {
  /** Outbound HTTP (Fineract); tests pass recorded responses. */
  fetcher: typeof fetch;
  /** Records one invocation may load before it hands over to the jobs queue. */
  stepRecords: number;
  /** Outbound requests one invocation may make before it hands over. */
  stepRequests: number;
  /** Per-request limit on an outbound call (Fineract), in ms. */
  timeoutMs: number;
  /** Largest response body read from an outbound call; a larger one fails the run. */
  maxResponseBytes: number;
}

export const DEFAULT_DEPS: SyncDeps = {
  fetcher: (input, init) => fetch(input, init),
  stepRecords: 10_000,
  stepRequests: 200,
  timeoutMs: 15_000,
  maxResponseBytes: 5 * 1024 * 1024,
};

/** Thrown when another invocation advanced the run: this one stops without harm. */
export class Superseded extends Error {}

/**
 * One invocation's share of a run. Providers call `ingest` for each chunk and `checkpoint`
 * after it; `spent` says whether the invocation's budget is used up.
 */
export class Step {
  records = 0;
  requests = 0;

  constructor(
    readonly ctx: TenantContext,
    readonly run: SyncRunRow,
    readonly deps: SyncDeps,
    private version: number,
  ) {}

  get cursor(): Record<string, unknown> {
    return this.run.cursor;
  }

  get spent(): boolean {
    return this.records >= this.deps.stepRecords || this.requests >= this.deps.stepRequests;
  }

  error(message: string): void {
    this.run.errorCount++;
    if (this.run.errors.length < MAX_REPORTED_ERRORS) this.run.errors.push(message);
  }

  /** Loads ≤1000 records through the one ingestion path and tallies what changed. */
  async ingest(resource: Resource, records: RawRecord[], label: (index: number) => string): Promise<void> {
    if (records.length === 0) return;
    const result = await ingestRaw(this.ctx, resource, records);
    this.records += records.length;
    this.run.recordsWritten[resource] = (this.run.recordsWritten[resource] ?? 0) + result.recordsChanged;
    for (const e of result.errors) this.error(`${label(e.index)}: ${e.message}`);
  }

  /** Tallies a chunk another module's ingest loaded (the lending book: loans, loanRepayments). */
  tally(
    resource: string,
    count: number,
    result: { recordsWritten: number; errors: { index: number; message: string }[] },
    label: (index: number) => string,
  ): void {
    this.records += count;
    this.run.recordsWritten[resource] = (this.run.recordsWritten[resource] ?? 0) + result.recordsWritten;
    for (const e of result.errors) this.error(`${label(e.index)}: ${e.message}`);
  }

  async checkpoint(): Promise<void> {
    this.run.heartbeatAt = this.ctx.clock.now().toISOString();
    if (!(await repo.saveRun(this.ctx, this.run, this.version))) throw new Superseded();
    this.version++;
  }
}
