import { loadTenantContext } from "../../../db/tenant-context";
import type { Env } from "../../../env";
import { jobs, RULES_BACKTEST_JOB, type RulesBacktestMessage } from "../../../jobs/messages";
import { isInputError } from "../../../lib/errors";
import { advance, done, finish, loadDocument, put, STEP_ENTITIES, STEP_STATEMENTS } from "./runner";

/** Job handler: one step, then the message for the next (idempotent under redelivery). */
export async function rulesBacktestJob(env: Env, message: RulesBacktestMessage): Promise<void> {
  const doc = await loadDocument(env, message.tenantId, message.backtestId);
  if (!doc) return;
  if (doc.status !== "queued" && doc.status !== "running") return;
  const next = () => env.JOBS_QUEUE.send(jobs.rulesBacktest(message.tenantId, doc.backtestId, doc.step));
  if (message.step === doc.step - 1 && !doc.sent) {
    // The previous delivery saved its step but did not get the next message out.
    await next();
    await put(env, message.tenantId, { ...doc, sent: true });
    return;
  }
  if (message.step !== doc.step) return;
  const ctx = await loadTenantContext(env, message.tenantId, `job:${RULES_BACKTEST_JOB}:${doc.backtestId}`);
  if (doc.cursor.pagesDone === undefined) {
    // Started before entity pages (partition cursor): its tally cannot be continued.
    const error = "This backtest was started by an older release: start it again";
    await put(env, message.tenantId, {
      ...doc,
      status: "failed",
      error,
      completedAt: ctx.clock.now().toISOString(),
    });
    return;
  }
  try {
    await advance(ctx, doc, {
      statements: STEP_STATEMENTS,
      entities: doc.options.stepEntities ?? STEP_ENTITIES,
    });
    if (done(doc)) {
      await finish(ctx, doc);
      await put(env, message.tenantId, doc);
      return;
    }
  } catch (error) {
    if (!isInputError(error)) throw error;
    await put(env, message.tenantId, {
      ...doc,
      status: "failed",
      error: error.message,
      completedAt: ctx.clock.now().toISOString(),
    });
    return;
  }
  doc.step++;
  doc.sent = false;
  doc.status = "running";
  await put(env, message.tenantId, doc);
  await next();
  await put(env, message.tenantId, { ...doc, sent: true });
}
