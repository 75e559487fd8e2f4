import type { TenantContext } from "../../../../db/tenant-context";
import { settleLimited } from "../../../../lib/limited";
import { yieldEvery } from "../../../../lib/yield";
import { tenantSystemAuditInsert } from "../../../audit/service";
import { WITHDRAWN_LATE_HISTORY } from "../../../cases/domain/withdrawn";
import { caseKindServices } from "../../../cases/kinds/service";
import { fraudOpensCase, highestSeverity } from "../../../detection/domain/outcome";
import { eventInsert } from "../../../events/service";
import {
  baselineIncomplete,
  distinctPoints,
  mayBeLate,
  type Verdict,
  verdictOf,
} from "../../domain/late-history";
import {
  alertsOfCases,
  type JudgedAlertRow,
  openJudgedAlerts,
  type Withdrawal,
  withdrawStatements,
} from "../repo";
import { type Entity, type Evaluated, evaluateEntity, type ScreenOptions, WINDOW_DAYS } from "../service";
import { MONITORING_ACTOR } from "./outcome";
import { preloadOf, preloadPage } from "./preload";
import { raiseBySubject } from "./subject-score";

/** A claimed entity with the span of transaction dates that arrived since its last screening. */
type Arrived = Entity & { eventsFrom?: string | null; eventsTo?: string | null };

const keyOf = (e: { entityType: string; entityId: string }) => `${e.entityType}:${e.entityId}`;

/** Re-judgements between two yields to the event loop (as a page's screenings: steps/settle.ts). */
const PER_SLICE = 4;
/** Case notes of withdrawn alerts in flight at once (fraud's go through each case's object). */
const NOTE_CONCURRENCY = 8;

/**
 * Late history re-judges what was raised on part of it (docs/methodology/monitoring.md#late-history),
 * for a page's evaluations before their episodes are settled: an entity whose arrivals are dated
 * more than a day back has its open alerts read (one statement per such page); each alert whose
 * episode began after the earliest late row is judged again as of its own instant with the
 * history now stored and the live rule sets (one page read per distinct instant, then the
 * evaluations, a few between yields, and the alert budget per subject; an alert of another
 * rule-set version is left to its rescreen). An alert none of whose rules is raised then is
 * withdrawn in the entity's screening batch, one with some narrowed to those (verdictOf): its
 * status, rules and `withdrawal`, a `monitoring.alert_withdrawn` event, an audit entry; each case
 * it opened or was added to is first closed by the system when nobody worked it and no alert
 * naming it stands (noteCases), else noted (their logs have their own writers; a failure is
 * logged, the withdrawal stands). An alert all of whose rules are raised again is left as it
 * is. Answers the withdrawn alert ids, which the episode check then does not extend.
 */
export async function rejudgeLateHistory(
  ctx: TenantContext,
  page: ReadonlyArray<{ entity: Arrived; e: Evaluated }>,
  options: ScreenOptions,
): Promise<Set<string>> {
  const withdrawn = new Set<string>();
  const now = ctx.clock.now();
  const late = page.filter(({ entity }) => mayBeLate(entity, now));
  if (late.length === 0) return withdrawn;
  const from = late.map(({ entity }) => entity.eventsFrom!).sort()[0]!;
  const alerts = await openJudgedAlerts(
    ctx,
    late.map(({ entity }) => entity),
    from,
  );
  const byKey = new Map(late.map((x) => [keyOf(x.entity), x]));
  const stale = alerts.flatMap((alert) => {
    const item = byKey.get(keyOf(alert));
    return item && baselineIncomplete(alert, item.entity) ? [{ alert, item }] : [];
  });
  if (stale.length === 0) return withdrawn;

  const tick = yieldEvery(PER_SLICE);
  const verdicts: Array<{
    alert: JudgedAlertRow;
    item: (typeof late)[number];
    verdict: Verdict;
    raisedNow: string[];
    severity: string;
    /** A fraud alert narrowed: whether what stays would open a case now (undefined: not asked). */
    opensCase?: boolean;
  }> = [];
  for (const point of distinctPoints(stale.map((s) => s.alert.asOf))) {
    const here = stale.filter((s) => s.alert.asOf === point);
    const entities = [...new Map(here.map((s) => [keyOf(s.item.entity), s.item.entity])).values()];
    const pre = await preloadPage(
      ctx,
      entities.map(({ entityType, entityId }) => ({ entityType, entityId })),
      { now: new Date(point), windowDays: WINDOW_DAYS },
    );
    const judged = new Map<string, Evaluated>();
    for (const entity of entities) {
      await tick();
      judged.set(keyOf(entity), await evaluateEntity(ctx, entity, options, preloadOf(pre, entity)));
    }
    // The alert budget per subject, as the page that raised them read it: a customer and its
    // accounts judged again together (their late rows are the same transactions).
    await raiseBySubject(
      ctx,
      [...judged.values()].map((e) => ({ e })),
    );
    for (const s of here) {
      const again = judged.get(keyOf(s.item.entity))!;
      // Raised under another rule-set version: what changed is the rules, not the history (a
      // publication's rescreen judges the book under the new version).
      const live = s.alert.kind === "fraud" ? again.fraudSet.version : again.amlSet.version;
      if (live !== s.alert.ruleSetVersion) continue;
      const raisedNow = raisedOf(again, s.alert.kind);
      const verdict = verdictOf(s.alert.ruleIds, raisedNow);
      const severity = highestSeverity(
        again.fired
          .filter((f) => f.kind === s.alert.kind && verdict.kept.includes(f.ruleId))
          .map((f) => f.severity),
      );
      const opensCase =
        s.alert.kind === "fraud" && verdict.status === "open"
          ? fraudOpensCase(
              verdict.kept.length,
              again.fraud?.overallScore ?? 0,
              again.fraudSet.content.createCaseThreshold,
            )
          : undefined;
      if (verdict.dropped.length > 0) verdicts.push({ ...s, verdict, raisedNow, severity, opensCase });
    }
  }

  const at = now.toISOString();
  // The alerts naming each case a withdrawn alert names, as they stand once these withdrawals land:
  // what the system close of an untouched case reads (one statement, only when one is withdrawn).
  // A fraud alert narrowed to what would not open a case no longer holds one either.
  const judgedNow = new Map(verdicts.map((v) => [v.alert.alertId, v]));
  const releases = (v: (typeof verdicts)[number]) =>
    v.verdict.status === "withdrawn" || v.opensCase === false;
  const holders = new Map<string, Array<{ alertId: string; status: string; opensCase?: boolean }>>();
  const held = verdicts.filter(releases).flatMap((v) => v.alert.cases.map((c) => c.caseId));
  for (const row of await alertsOfCases(ctx, [...new Set(held)])) {
    const now = judgedNow.get(row.alertId);
    holders.set(row.caseId, [
      ...(holders.get(row.caseId) ?? []),
      now ? { alertId: row.alertId, status: now.verdict.status, opensCase: now.opensCase } : row,
    ]);
  }
  const tried = new Set<string>();
  for (const v of verdicts) {
    const { alert, item, verdict, raisedNow, severity } = v;
    const withdrawal: Withdrawal = {
      reason: "late_history",
      at,
      asOf: alert.asOf,
      lateFrom: item.entity.eventsFrom!,
      ruleIds: verdict.dropped,
      raisedNow,
    };
    const caseIds = [...new Set(alert.cases.map((c) => c.caseId))];
    const closedCaseIds = await noteCases(
      ctx,
      alert,
      withdrawal,
      verdict.status,
      releases(v),
      holders,
      tried,
    );
    const kept =
      verdict.status === "open" ? { ruleIds: verdict.kept, severity, opensCase: v.opensCase } : null;
    const statements = [
      ...withdrawStatements(ctx, alert.alertId, withdrawal, kept),
      eventInsert(
        ctx,
        "monitoring.alert_withdrawn",
        {
          alertId: alert.alertId,
          kind: alert.kind,
          entityType: alert.entityType,
          entityId: alert.entityId,
          status: verdict.status,
          ...withdrawal,
          caseIds,
          closedCaseIds,
        },
        now,
      ),
      tenantSystemAuditInsert(
        ctx.env,
        ctx,
        "monitoring.screen",
        {
          action: "monitoring.alert_withdrawn",
          target: { type: "monitoring_alert", id: alert.alertId },
          before: { status: "open", ruleIds: alert.ruleIds },
          after: { status: verdict.status, ruleIds: verdict.kept, withdrawal, closedCaseIds },
        },
        now,
      ),
    ];
    const e = item.e;
    e.extensions = [...(e.extensions ?? []), ...statements];
    e.extraEvents = (e.extraEvents ?? 0) + 1;
    if (verdict.status === "withdrawn") withdrawn.add(alert.alertId);
  }
  return withdrawn;
}

/** The rules of one kind a screening raises (fired and over the alert budget; held back is not raised). */
const raisedOf = (e: Evaluated, kind: "fraud" | "aml"): string[] =>
  kind === "fraud"
    ? (e.fraud?.triggeredSignals ?? []).map((s) => s.signalId)
    : (e.aml?.fired ?? []).map((o) => o.ruleId);

/**
 * Each case the alert opened or was added to: closed by the system when the alert is withdrawn,
 * nobody worked the case and every alert it holds is withdrawn (the kind decides, in the case's
 * order: cases/domain/withdrawn.ts), once per case in a re-judgement; otherwise a note saying the
 * alert (or some of its rules) was withdrawn and why. Answers the cases closed.
 */
async function noteCases(
  ctx: TenantContext,
  alert: JudgedAlertRow,
  w: Withdrawal,
  status: Verdict["status"],
  /** Withdrawn, or narrowed to what would not open a case: its cases may be closed. */
  releases: boolean,
  holders: ReadonlyMap<string, ReadonlyArray<{ alertId: string; status: string }>>,
  tried: Set<string>,
): Promise<string[]> {
  const what = status === "withdrawn" ? "withdrawn" : `${w.ruleIds.join(", ")} withdrawn from it`;
  const note = `Monitoring alert ${alert.alertId} ${what} (late_history): judged again as of ${w.asOf} with the history from ${w.lateFrom} that arrived later, ${w.ruleIds.join(", ")} no longer raised`;
  const refs = [...new Map(alert.cases.map((c) => [c.caseId, c])).values()];
  const closed: string[] = [];
  const results = await settleLimited(refs, NOTE_CONCURRENCY, async (ref) => {
    const kind = caseKindServices(ref.kind);
    if (releases && !tried.has(ref.caseId)) {
      tried.add(ref.caseId);
      const result = await kind.close
        .untouched(ctx, ref.caseId, {
          actor: MONITORING_ACTOR,
          reason: WITHDRAWN_LATE_HISTORY,
          note: `${note}; closed by the system: nobody worked the case and no alert it held still opens one`,
          alerts: holders.get(ref.caseId) ?? [],
        })
        .catch((err: unknown) => {
          console.error(
            JSON.stringify({
              msg: "monitoring system close failed",
              alertId: alert.alertId,
              caseId: ref.caseId,
              error: String(err),
            }),
          );
          return { closed: false as const, why: "failed" };
        });
      if (result.closed) {
        closed.push(ref.caseId);
        return;
      }
    }
    await kind.open.note(
      ctx,
      ref.caseId,
      (ref.kind === "fraud"
        ? { eventType: "note_added", noteContent: note, ...MONITORING_ACTOR }
        : { eventType: "note_added", ...MONITORING_ACTOR, note }) as never,
    );
  });
  for (const [i, err] of results.entries())
    if (err)
      console.error(
        JSON.stringify({
          msg: "monitoring withdrawal note failed",
          alertId: alert.alertId,
          caseId: refs[i]!.caseId,
          error: String(err),
        }),
      );
  return closed;
}
