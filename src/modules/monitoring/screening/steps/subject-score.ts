import type { TenantContext } from "../../../../db/tenant-context";
import { alertScoreOf } from "../../domain/risk-score";
import { subjectScores } from "../../domain/subject-score";
import { accountOwners } from "../repo";
import type { Evaluated } from "../service";

/**
 * The alert budget read per subject (docs/methodology/risk-score.md#per-subject): in a page, a
 * customer's and its accounts' screenings combine their fired rules; a screening held back on its
 * own score is raised, with the subject's score and reasons, when the combination reaches the alert
 * score. One read of the page's accounts' owners, only when a customer or account was held back.
 */
export async function raiseBySubject(
  ctx: TenantContext,
  page: ReadonlyArray<{ e: Evaluated }>,
): Promise<void> {
  const subjectType = (e: Evaluated) =>
    e.entity.entityType === "customer" || e.entity.entityType === "account";
  if (!page.some(({ e }) => e.held && subjectType(e))) return;
  const firing = page.filter(({ e }) => e.fired.length > 0 && subjectType(e));
  const owners = await accountOwners(
    ctx,
    firing.filter(({ e }) => e.entity.entityType === "account").map(({ e }) => e.entity.entityId),
  );
  const subjectOf = (e: Evaluated) =>
    e.entity.entityType === "customer" ? e.entity.entityId : (owners.get(e.entity.entityId) ?? null);
  const alertScore = alertScoreOf(ctx.tenant.settings);
  const scores = subjectScores(
    firing.map(({ e }) => ({ subject: subjectOf(e), fired: e.fired, held: e.held !== null })),
    alertScore,
  );
  for (const [i, { e }] of firing.entries()) {
    const risk = scores[i];
    if (!risk || !e.held) continue;
    e.fraud = e.held.fraud;
    e.aml = e.held.aml;
    e.held = null;
    e.base = { ...e.base, risk: { ...risk, alertScore } };
  }
}
