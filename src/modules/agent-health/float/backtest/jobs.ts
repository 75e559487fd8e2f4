import { loadTenantContext } from "../../../../db/tenant-context";
import type { Env } from "../../../../env";
import { FLOAT_BACKTEST_JOB, type FloatBacktestMessage, jobs } from "../../../../jobs/messages";
import { advance, done, finish, loadDocument, put } from "./runner";

/** Job handler: one step (runner.STEP_BUDGET), then the message for the next; idempotent under redelivery. */
export async function floatBacktestJob(env: Env, message: FloatBacktestMessage): Promise<void> {
  const doc = await loadDocument(env, message.tenantId, message.backtestId);
  if (!doc || (doc.status !== "queued" && doc.status !== "running")) return;
  const next = () => env.JOBS_QUEUE.send(jobs.floatBacktest(message.tenantId, doc.backtestId, doc.step));
  if (message.step === doc.step - 1 && !doc.sent) {
    // The previous delivery saved its step but did not get the next message out.
    await next();
    await put(env, message.tenantId, { ...doc, sent: true });
    return;
  }
  if (message.step !== doc.step) return;
  const ctx = await loadTenantContext(env, message.tenantId, `job:${FLOAT_BACKTEST_JOB}:${doc.backtestId}`);
  await advance(ctx, doc);
  if (done(doc)) {
    finish(ctx, doc);
    await put(env, message.tenantId, doc);
    return;
  }
  doc.step++;
  doc.sent = false;
  doc.status = "running";
  await put(env, message.tenantId, doc);
  await next();
  await put(env, message.tenantId, { ...doc, sent: true });
}
