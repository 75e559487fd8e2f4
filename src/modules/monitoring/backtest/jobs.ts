import { loadTenantContext } from "../../../db/tenant-context";
import type { Env } from "../../../env";
import { RULES_BACKTEST_JOB, type RulesBacktestMessage } from "../../../jobs/messages";
import { runStep } from "../../../jobs/stepped-run";
import { isInputError } from "../../../lib/errors";
import { advance, done, finish, runIo, STEP_ENTITIES, STEP_STATEMENTS } from "./runner";

/** Job handler: one step, then the message for the next (idempotent under redelivery). */
export async function rulesBacktestJob(env: Env, message: RulesBacktestMessage): Promise<void> {
  await runStep(
    runIo(env),
    {
      context: (tenantId, doc) =>
        loadTenantContext(env, tenantId, `job:${RULES_BACKTEST_JOB}:${doc.backtestId}`),
      // Started before entity pages (partition cursor): its tally cannot be continued.
      refuse: (doc) =>
        doc.cursor.pagesDone === undefined
          ? "This backtest was started by an older release: start it again"
          : undefined,
      advance: (ctx, doc) =>
        advance(ctx, doc, {
          statements: STEP_STATEMENTS,
          entities: doc.options.stepEntities ?? STEP_ENTITIES,
        }),
      done,
      finish,
      failsRun: isInputError,
    },
    message,
  );
}
