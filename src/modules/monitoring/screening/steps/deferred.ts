import type { AlertCaseRef } from "../../../../db/shard/monitoring";
import type { TenantContext } from "../../../../db/tenant-context";
import { eventsInsert } from "../../../events/service";
import { LEASE_MS } from "../../domain/drain";
import {
  claimDeferredCases,
  DEFERRED_SUBJECTS_PER_CLAIM,
  type DeferredCase,
  deferralReads,
  deferredSettledStatements,
  entityKeys,
} from "../repo";
import type { Evaluated } from "../service";
import type { AmlHit } from "./aml";
import type { FraudHit } from "./fraud";
import type { Outcome, ScreeningBase } from "./outcome";
import { type AmlCaseResult, type FraudCaseResult, fraudRecord } from "./records";

/**
 * Deferred case opening (docs/methodology/monitoring.md#deferred-case-opening): a hit whose
 * subject still has another entity pending screening keeps its alert but not yet its case; the
 * page that screens the subject's last pending entity, or any page or drain end after it, claims
 * it and opens the subject's case with every deferred alert in the opening batch.
 */

/** What a deferred hit keeps to open its case later (the `hit` column). */
export type DeferredHit =
  | { kind: "fraud"; hit: FraudHit; base: Pick<ScreeningBase, "screeningId" | "trigger"> }
  | {
      kind: "aml";
      hit: AmlHit;
      base: Pick<ScreeningBase, "screeningId" | "trigger">;
      entity: { entityType: string; entityId: string };
    };

/** A claimed deferred hit, as a page's slot: its base (a screening of its own, settled now) and hits. */
export interface DeferredSlot {
  alertId: string;
  subjectId: string;
  base: ScreeningBase;
  fraudHit: FraudHit | null;
  amlHit: AmlHit | null;
  entity: { entityType: string; entityId: string };
}

/**
 * The page's deferral state, in one round trip: its hits' accounts' owners, and which subjects of
 * the hits that touch a case (`touching`) defer (another entity pending, or hits deferred already).
 */
export const deferralOf = (
  ctx: TenantContext,
  page: readonly Evaluated[],
  touching: ReadonlyArray<{ entityType: string; entityId: string }>,
) =>
  deferralReads(ctx, {
    accountIds: [
      ...new Set(
        page
          .filter((e) => e.entity.entityType === "account" && (e.fraud || e.aml))
          .map((e) => e.entity.entityId),
      ),
    ],
    touching,
    except: entityKeys(page.map((e) => e.entity)),
  });

/**
 * Whether a claim took as many subjects as one may (DEFERRED_SUBJECTS_PER_CLAIM): more hits may
 * wait to be claimed, by a later page or the drain's end.
 */
export const claimFull = (claimed: ReadonlyArray<Pick<DeferredCase, "subjectId">>) =>
  new Set(claimed.map((d) => d.subjectId)).size >= DEFERRED_SUBJECTS_PER_CLAIM;

/** A claim of the deferred hits whose subjects have nothing pending anymore (a lease of LEASE_MS). */
export function deferredClaim(ctx: TenantContext) {
  const now = ctx.clock.now();
  return claimDeferredCases(ctx, {
    token: crypto.randomUUID(),
    now: now.toISOString(),
    until: new Date(now.getTime() + LEASE_MS).toISOString(),
  });
}

export function slotOf(d: DeferredCase, at: Date): DeferredSlot {
  const stored = d.hit as unknown as DeferredHit;
  const base: ScreeningBase = { ...stored.base, runId: null, at };
  return stored.kind === "fraud"
    ? {
        alertId: d.alertId,
        subjectId: d.subjectId,
        base,
        fraudHit: stored.hit,
        amlHit: null,
        entity: stored.hit.fraud,
      }
    : {
        alertId: d.alertId,
        subjectId: d.subjectId,
        base,
        fraudHit: null,
        amlHit: stored.hit,
        entity: stored.entity,
      };
}

/** The rows a page's deferred hits add to its entity's batch (with their alerts). */
export const deferredRows = (e: Evaluated, subjectId: string, fraud: FraudHit | null, aml: AmlHit | null) => {
  const base = { screeningId: e.base.screeningId, trigger: e.base.trigger };
  const rows: DeferredCase[] = [];
  if (fraud)
    rows.push({ alertId: fraud.alertId, subjectId, hit: { kind: "fraud", hit: fraud, base } as never });
  if (aml)
    rows.push({
      alertId: aml.alertId,
      subjectId,
      hit: { kind: "aml", hit: aml, base, entity: e.entity } as never,
    });
  return rows;
};

/** A settled deferred hit: its alert's case refs and the events of the cases it opened. */
export function settledDeferred(
  slot: DeferredSlot,
  fraudCase: FraudCaseResult | null,
  amlFound: readonly AmlCaseResult[],
) {
  let refs: AlertCaseRef[] = [];
  let events: Outcome["events"] = [];
  if (slot.fraudHit) {
    const record = fraudRecord(slot.fraudHit.fraud, slot.alertId, fraudCase, slot.base);
    refs = record.alert.cases;
    events = record.events.filter((e) => e.type !== "fraud.alert_raised");
  }
  if (slot.amlHit) {
    const risk = new Map(slot.amlHit.request.outcomes.map((o) => [o.ruleId, o.riskLevel]));
    refs = amlFound.map((c) => ({
      caseId: c.caseId,
      kind: "aml",
      action: c.created ? "opened" : "appended",
    }));
    events = amlFound
      .filter((c) => c.created)
      .map((c) => ({
        type: "aml.case_opened" as const,
        data: {
          caseId: c.caseId,
          alertId: slot.alertId,
          ruleId: c.ruleId,
          entityType: slot.entity.entityType,
          entityId: slot.entity.entityId,
          riskLevel: risk.get(c.ruleId),
          trigger: slot.base.trigger,
        },
      }));
  }
  return {
    alertId: slot.alertId,
    refs,
    events: events.map((e) => ({ ...e, at: slot.base.at })),
    opened: refs.filter((r) => r.action === "opened").length,
    appended: refs.filter((r) => r.action === "appended").length,
  };
}

/** The statements that store settled deferred hits: refs and deferrals set-based, the events as rows. */
export const settledStatements = (
  ctx: TenantContext,
  settled: ReadonlyArray<ReturnType<typeof settledDeferred>>,
) => [
  ...deferredSettledStatements(
    ctx,
    settled.map((x) => ({ alertId: x.alertId, cases: x.refs })),
  ),
  ...eventsInsert(
    ctx,
    settled.flatMap((x) => x.events),
  ),
];
