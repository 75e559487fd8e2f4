import { loadTenantContext } from "../../../../db/tenant-context";
import type { Env } from "../../../../env";
import { FLOAT_BACKTEST_JOB, type FloatBacktestMessage } from "../../../../jobs/messages";
import { runStep } from "../../../../jobs/stepped-run";
import { advance, done, finish, runIo } from "./runner";

/** Job handler: one step (runner.STEP_BUDGET), then the message for the next; idempotent under redelivery. */
export async function floatBacktestJob(env: Env, message: FloatBacktestMessage): Promise<void> {
  await runStep(
    runIo(env),
    {
      context: (tenantId, doc) =>
        loadTenantContext(env, tenantId, `job:${FLOAT_BACKTEST_JOB}:${doc.backtestId}`),
      advance: (ctx, doc) => advance(ctx, doc),
      done,
      finish,
    },
    message,
  );
}
