/**
 * Rescreening (docs/methodology/monitoring.md#rescreening): a rule-set version published (or a
 * client's request) starts a portfolio run that does not skip unchanged entities. Its steps queue
 * the population page by page (every entity with a screening from before the run began) and drain
 * it like any run, alerts marked `rescreen`. One run per kind and version: the occurrence
 * `rescreen:<kind>:v<version>` is unique per tenant, so a redelivered message or a second request
 * answers the same run.
 */
import type { TenantContext } from "../../../../db/tenant-context";
import { jobs } from "../../../../jobs/messages";
import { uuidV7 } from "../../../../lib/crypto";
import { tenantAuditInsert } from "../../../audit/service";
import { liveState } from "../../../rules/service";
import { presentRun, type RunView } from "../present";
import * as repo from "../repo";
import { newRun } from "../service";

export const RESCREEN_KINDS = ["fraud", "aml"] as const;
export type RescreenKind = (typeof RESCREEN_KINDS)[number];

export const rescreenOccurrence = (kind: RescreenKind, version: number) => `rescreen:${kind}:v${version}`;

/**
 * The rescreen of a kind's version: started now (audited, its first step sent) unless one exists.
 * `created` says which.
 */
export async function startRescreen(
  ctx: TenantContext,
  kind: RescreenKind,
  version: number,
  options: { audited: boolean },
): Promise<{ run: RunView; created: boolean }> {
  const occurrence = rescreenOccurrence(kind, version);
  const id = uuidV7(ctx.clock.now());
  const run = newRun(id, "rescreen", occurrence, ctx.clock.now());
  const view = presentRun({ ...run, tenantId: ctx.tenantId });
  // A publication's rescreen is covered by the publication's own audit entry; a request is audited.
  const audit = tenantAuditInsert(
    ctx,
    {
      action: "monitoring.run_started",
      target: { type: "monitoring_run", id },
      after: { ...view, ruleSet: { kind, version } },
    },
    { onlyIfChanged: true },
  );
  const [inserted] = (await ctx.db.batch(
    options.audited ? [repo.insertRunOnce(ctx, run), audit] : [repo.insertRunOnce(ctx, run)],
  )) as unknown as [unknown[]];
  if (inserted.length === 0) {
    const existing = await repo.findRunByOccurrence(ctx, occurrence);
    if (existing) return { run: presentRun(existing), created: false };
  }
  try {
    await ctx.env.JOBS_QUEUE.send(jobs.monitoringRun(ctx.tenantId, id));
  } catch (err) {
    // The minute cron re-sends a run left running with no message.
    console.error(JSON.stringify({ msg: "monitoring.run not sent", runId: id, error: String(err) }));
  }
  return { run: view, created: true };
}

/** POST /v1/monitoring/rescreens: the rescreen of the kind's live version (idempotent per version). */
export async function rescreenLive(ctx: TenantContext, kind: RescreenKind) {
  const live = await liveState(ctx, kind);
  return startRescreen(ctx, kind, live.version, { audited: true });
}

/**
 * The job a publication sends: the version's rescreen, unless a newer version is live already
 * (its own message starts the rescreen that matters).
 */
export async function rescreenPublished(ctx: TenantContext, kind: string, version: number): Promise<void> {
  if (kind !== "fraud" && kind !== "aml") return;
  const live = await liveState(ctx, kind);
  if (live.version > version) return;
  await startRescreen(ctx, kind, version, { audited: false });
}
