import type { Env } from "../env";
import type { JobMessage } from "./messages";

/**
 * A run kept as one JSON document in R2 (under the tenant's prefix) and advanced by queued
 * messages, one bounded step each: the rule-set backtest and the float backtest. A message acts
 * only when its `step` is the document's, so a redelivery never counts a unit twice; `sent`
 * says whether the message for `step` went out, so a step whose send failed after its save is
 * sent again by the redelivered previous message instead of stalling the run.
 * The id field is `backtestId` because that is what the stored documents carry.
 */
export type RunStatus = "queued" | "running" | "succeeded" | "failed";

export interface SteppedRun {
  backtestId: string;
  status: RunStatus;
  completedAt: string | null;
  error: string | null;
  step: number;
  sent: boolean;
}

export interface StepMessage {
  tenantId: string;
  backtestId: string;
  step: number;
}

/** What a delivered message does: nothing, send the next step's lost message, or run its step. */
export type StepAction = "ignore" | "resend" | "run";

export function stepAction(
  doc: Pick<SteppedRun, "status" | "step" | "sent"> | undefined,
  step: number,
): StepAction {
  if (!doc || (doc.status !== "queued" && doc.status !== "running")) return "ignore";
  // The previous delivery saved its step but did not get the next message out.
  if (step === doc.step - 1 && !doc.sent) return "resend";
  return step === doc.step ? "run" : "ignore";
}

/** The run moved to its next step, whose message is not sent yet. */
export function toNextStep<D extends SteppedRun>(doc: D): D {
  doc.step++;
  doc.sent = false;
  doc.status = "running";
  return doc;
}

export const failedRun = <D extends SteppedRun>(doc: D, error: string, at: Date): D => ({
  ...doc,
  status: "failed",
  error,
  completedAt: at.toISOString(),
});

/** Reading, writing and sending: R2 and JOBS_QUEUE in the Worker, maps in the unit test. */
export interface RunIo<D> {
  load(tenantId: string, backtestId: string): Promise<D | undefined>;
  put(tenantId: string, doc: D): Promise<unknown>;
  /** Sends the message for the document's current step. */
  send(tenantId: string, doc: D): Promise<unknown>;
}

/** One kind of stepped run: its work, over a context the run needs (a tenant's, in the Worker). */
export interface SteppedJob<D, C extends { clock: { now(): Date } }> {
  context(tenantId: string, doc: D): Promise<C>;
  /** Why a stored run cannot be continued (it then fails), or undefined. */
  refuse?(doc: D): string | undefined;
  /** Does one step's work on the document (bounded by the job's own budget). */
  advance(ctx: C, doc: D): Promise<void>;
  done(doc: D): boolean;
  /** Marks the run succeeded, with its result. */
  finish(ctx: C, doc: D): void | Promise<void>;
  /** An error that fails the run (its message is kept) instead of going back to the queue. */
  failsRun?(error: unknown): error is Error;
}

/** Stores the run, sends the message for its step, then records that it went out. */
export async function saveAndSend<D extends SteppedRun>(io: RunIo<D>, tenantId: string, doc: D) {
  await io.put(tenantId, doc);
  await io.send(tenantId, doc);
  await io.put(tenantId, { ...doc, sent: true });
}

/** The job handler's body: one step, then the message for the next; idempotent under redelivery. */
export async function runStep<D extends SteppedRun, C extends { clock: { now(): Date } }>(
  io: RunIo<D>,
  job: SteppedJob<D, C>,
  message: StepMessage,
): Promise<void> {
  const { tenantId } = message;
  const doc = await io.load(tenantId, message.backtestId);
  const action = stepAction(doc, message.step);
  if (!doc || action === "ignore") return;
  if (action === "resend") {
    await io.send(tenantId, doc);
    await io.put(tenantId, { ...doc, sent: true });
    return;
  }
  const ctx = await job.context(tenantId, doc);
  const refused = job.refuse?.(doc);
  if (refused !== undefined) {
    await io.put(tenantId, failedRun(doc, refused, ctx.clock.now()));
    return;
  }
  try {
    await job.advance(ctx, doc);
    if (job.done(doc)) {
      await job.finish(ctx, doc);
      await io.put(tenantId, doc);
      return;
    }
  } catch (error) {
    if (!job.failsRun?.(error)) throw error;
    await io.put(tenantId, failedRun(doc, error.message, ctx.clock.now()));
    return;
  }
  await saveAndSend(io, tenantId, toNextStep(doc));
}

/** The Worker's RunIo: the document at `objectKey` in FILES, the step's message on JOBS_QUEUE. */
export function r2RunIo<D extends SteppedRun>(
  env: Pick<Env, "FILES" | "JOBS_QUEUE">,
  objectKey: (tenantId: string, backtestId: string) => string,
  message: (tenantId: string, backtestId: string, step: number) => JobMessage,
  /** The tenant's R2 put, counted in its storage figures (src/modules/usage/objects). */
  putObject: (tenantId: string, key: string, body: string, options: R2PutOptions) => Promise<unknown>,
): RunIo<D> {
  return {
    async load(tenantId, backtestId) {
      const object = await env.FILES.get(objectKey(tenantId, backtestId));
      return object ? ((await object.json()) as D) : undefined;
    },
    put: (tenantId, doc) =>
      putObject(tenantId, objectKey(tenantId, doc.backtestId), JSON.stringify(doc), {
        httpMetadata: { contentType: "application/json" },
      }),
    send: (tenantId, doc) => env.JOBS_QUEUE.send(message(tenantId, doc.backtestId, doc.step)),
  };
}
