import type { TenantContext } from "../../../db/tenant-context";
import { jobs } from "../../../jobs/messages";
import { sha256Hex, uuidV7 } from "../../../lib/crypto";
import { addCaseSubjects, appendCaseNote, openCasesForTriggered } from "../../aml/cases/service";
import type { RuleOutcome } from "../../aml/domain/evaluate";
import {
  type FoundHit,
  findSchemes,
  networkActivity,
  type ScanHit,
  TYPOLOGY_RULE,
  typologyGroups,
} from "../../aml/network/service";
import { NETWORK_RULES } from "../../detection/domain/aml/rules";
import type { Thresholds } from "../../detection/domain/aml/thresholds";
import { alertNote, highestSeverity } from "../../detection/domain/outcome";
import { eventsInsert, notifyOutbox } from "../../events/service";
import { stampOf } from "../../rules/domain/document";
import { liveRuleSets } from "../../rules/service";
import { alertScoreOf, participantScore, raisesAlert } from "../domain/risk-score";
import type { NewAlert } from "../screening/repo";
import type { ScreeningTrigger } from "../screening/service";
import { MONITORING_ACTOR } from "../screening/steps/outcome";
import * as repo from "./repo";

/**
 * The network scan (docs/methodology/network.md#the-typologies): the AML network
 * typologies judged over every transfer between the tenant's holders in the history that ends
 * at its latest transaction (event time), not one entity at a time. Each scheme found is one
 * case on its principal (origin, source or hub) and one alert per participant, each naming the
 * scheme; the alerts' ids come from the scheme's key, so a scheme found again adds nothing.
 */

/** Arrival scans a tenant at most this often (NETWORK_SCAN_DEBOUNCE_SECONDS); later arrivals wait for the next scan. */
const DEFAULT_DEBOUNCE_SECONDS = 30;
const debounceMs = (ctx: TenantContext) => {
  const set = Number(ctx.env.NETWORK_SCAN_DEBOUNCE_SECONDS);
  return (
    (ctx.env.NETWORK_SCAN_DEBOUNCE_SECONDS && Number.isFinite(set) && set >= 0
      ? set
      : DEFAULT_DEBOUNCE_SECONDS) * 1000
  );
};

export interface NetworkScanOptions {
  trigger: ScreeningTrigger;
  runId: string | null;
  /** Scan even when no transaction arrived since the last scan (a portfolio run). */
  force?: boolean;
  /** The history's end (a lookback run); default: the tenant's latest transaction. */
  historyEnd?: string;
}

export interface NetworkScan {
  scanned: boolean;
  historyStart: string | null;
  historyEnd: string | null;
  transfers: number;
  schemes: number;
  schemesNew: number;
  alerts: number;
  casesOpened: number;
  casesAppended: number;
  truncated: boolean;
}

const nothing = (scanned: boolean): NetworkScan => ({
  scanned,
  historyStart: null,
  historyEnd: null,
  transfers: 0,
  schemes: 0,
  schemesNew: 0,
  alerts: 0,
  casesOpened: 0,
  casesAppended: 0,
  truncated: false,
});

/** A uuid (version 8: derived) from text: the same scheme and holder always give the same alert id. */
async function derivedUuid(text: string): Promise<string> {
  const h = await sha256Hex(text);
  const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const money = (minor: number) => (minor / 100).toFixed(2);
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
/** A participant's share of its scheme's money (1 when unmeasured). */
const shareOf = (hit: FoundHit, holderId: string) => hit.shares.get(holderId) ?? 1;

/** The rule outcome a scheme stands for (the case's evidence and the alert's triggered rule). */
function outcomeOf(hit: ScanHit, thresholds: Thresholds, at: string): RuleOutcome {
  const rule = NETWORK_RULES.find((r) => r.ruleId === TYPOLOGY_RULE[hit.typology])!;
  const current = thresholds[rule.primaryThreshold] ?? 0;
  return {
    ruleId: rule.ruleId,
    ruleName: rule.name,
    triggered: true,
    riskLevel: rule.defaultRiskLevel,
    evidence: [
      {
        field: "schemeAmount",
        observed: money(hit.amountMinor),
        threshold: (thresholds.networkMinAmount ?? 0).toFixed(2),
        context: `${hit.participants.length} holders: ${hit.participants.map((p) => `${p.role} ${p.holderId}`).join(", ")}; ${hit.firstAt} to ${hit.lastAt}`,
        deviation: 0,
      },
    ],
    explanation: hit.reason,
    counterfactual: {
      threshold: rule.primaryThreshold,
      currentValue: current,
      flipValue: current,
      statement: hit.counterfactual,
    },
    triggeredAt: at,
  };
}

/** What an alert of a scheme keeps: the scheme, the holder's role in it and the episode's dates. */
const schemeDetail = (hit: ScanHit, role: string, outcome: RuleOutcome, ruleSet: object) => ({
  scheme: {
    key: hit.key,
    typology: hit.typology,
    principal: hit.principal,
    participants: hit.participants,
    amount: money(hit.amountMinor),
    transferIds: hit.transferIds.slice(0, 100),
    measures: hit.measures,
  },
  role,
  firstAt: hit.firstAt,
  lastAt: hit.lastAt,
  ruleSet,
  triggeredRules: [outcome],
});

/**
 * Scans the tenant's network (unless nothing arrived since the last scan and `force` is not
 * set): new schemes open or add to their principal's case and raise one alert per participant,
 * stored in one batch with the case events and the scan's row.
 */
export async function scanNetwork(ctx: TenantContext, options: NetworkScanOptions): Promise<NetworkScan> {
  const started = Date.now();
  const [[amlSet], last, activity] = await Promise.all([
    liveRuleSets(ctx, ["aml"]),
    repo.lastScan(ctx),
    networkActivity(ctx),
  ]);
  if (!options.force && last && last.throughTransactions === activity.transactions) return nothing(false);
  const groups = typologyGroups(amlSet.content);
  const now = ctx.clock.now();
  const nowText = now.toISOString();
  const latest = activity.latest && activity.latest < nowText ? activity.latest : nowText;
  const historyEnd = options.historyEnd ?? latest;
  if (groups.length === 0 || !activity.latest) {
    const scan = nothing(true);
    await ctx.db.batch([scanRow(ctx, scan, nowText, activity.transactions, started)]);
    return scan;
  }
  const found = await findSchemes(ctx, { historyEnd, groups });
  const ruleSet = stampOf(amlSet);
  const thresholdsOf = new Map(groups.flatMap((g) => g.typologies.map((t) => [t, g.thresholds] as const)));
  const ids = await Promise.all(
    found.hits.map(async (hit) => ({
      hit,
      alertIds: await Promise.all(
        hit.participants.map((p) => derivedUuid(`${ctx.tenantId}|${hit.key}|${p.holderId}`)),
      ),
    })),
  );
  const stored = await repo.storedAlertIds(
    ctx,
    ids.map((x) => x.alertIds[0]!),
  );
  // A scheme is one rule's finding; each participant's score is that rule's prior at the
  // participant's weight (its role and share of the money: docs/methodology/risk-score.md#per-participant),
  // read against the alert budget. The principal keeps the whole prior: a scheme whose principal
  // is held back raises nothing.
  const alertScore = alertScoreOf(ctx.tenant.settings);
  const riskOf = (hit: (typeof ids)[number]["hit"], holderId: string) => {
    const rule = NETWORK_RULES.find((r) => r.ruleId === TYPOLOGY_RULE[hit.typology])!;
    const config = amlSet.content.builtins[rule.ruleId];
    const fired = {
      kind: "aml" as const,
      ruleId: rule.ruleId,
      severity: rule.defaultRiskLevel,
      weight: config?.weight,
    };
    const principal = holderId === hit.principal;
    return {
      ...participantScore(fired, {
        principal,
        share: shareOf(hit, holderId),
        others: hit.participants.length - 1,
      }),
      alertScore,
    };
  };
  const fresh = ids.filter(
    (x) => !stored.has(x.alertIds[0]!) && raisesAlert(riskOf(x.hit, x.hit.principal).score, alertScore),
  );
  const screeningId = uuidV7(now);
  const alerts: NewAlert[] = [];
  const events: Array<{ type: "aml.case_opened"; data: Record<string, unknown>; at: Date }> = [];
  let casesOpened = 0;
  let casesAppended = 0;
  for (const { hit, alertIds } of fresh) {
    const outcome = outcomeOf(hit, thresholdsOf.get(hit.typology)!, nowText);
    // One case per scheme, listing each participant: found from each of them, not only the principal.
    const subjects = hit.participants.map((p) => ({
      entityType: "customer" as const,
      entityId: p.holderId,
      role: p.role,
    }));
    const [found1] = await openCasesForTriggered(ctx, {
      entityType: "customer",
      entityId: hit.principal,
      correlationId: crypto.randomUUID(),
      windowDays: thresholdsOf.get(hit.typology)!.networkLookbackDays!,
      windowStart: hit.firstAt,
      windowEnd: hit.lastAt,
      outcomes: [outcome],
      actorKeyId: null,
      ruleSet,
      subjects,
    });
    const principalAlertId = alertIds[0]!;
    if (found1?.created) {
      casesOpened++;
      events.push({
        type: "aml.case_opened",
        data: {
          caseId: found1.caseId,
          alertId: principalAlertId,
          ruleId: outcome.ruleId,
          entityType: "customer",
          entityId: hit.principal,
          riskLevel: outcome.riskLevel,
          trigger: options.trigger,
        },
        at: now,
      });
    } else if (found1) {
      casesAppended++;
      await addCaseSubjects(ctx, found1.caseId, subjects);
      await appendCaseNote(ctx, found1.caseId, {
        eventType: "alert_added",
        ...MONITORING_ACTOR,
        note: alertNote({ alertId: principalAlertId, trigger: options.trigger, ruleIds: [outcome.ruleId] }),
      });
    }
    hit.participants.forEach((p, i) => {
      const risk = riskOf(hit, p.holderId);
      if (!raisesAlert(risk.score, alertScore)) return;
      const action = i === 0 && found1?.created ? "opened" : "appended";
      alerts.push({
        id: alertIds[i]!,
        kind: "aml",
        trigger: options.trigger,
        entityType: "customer",
        entityId: p.holderId,
        severity: highestSeverity([outcome.riskLevel]),
        score: null,
        ruleIds: [outcome.ruleId],
        ruleSetVersion: ruleSet.version,
        ruleSetHash: ruleSet.hash,
        screeningId,
        runId: options.runId,
        cases: found1 ? [{ caseId: found1.caseId, kind: "aml", action }] : [],
        detail: {
          ...schemeDetail(hit, p.role, outcome, ruleSet),
          share: round4(shareOf(hit, p.holderId)),
          risk,
        },
        createdAt: nowText,
      });
    });
  }
  const scan: NetworkScan = {
    scanned: true,
    historyStart: found.historyStart,
    historyEnd: found.historyEnd,
    transfers: found.transfers,
    schemes: found.hits.length,
    schemesNew: fresh.length,
    alerts: alerts.length,
    casesOpened,
    casesAppended,
    truncated: found.truncated,
  };
  await ctx.db.batch([
    scanRow(ctx, scan, nowText, activity.transactions, started),
    ...repo.schemeAlertStatements(ctx, alerts),
    ...eventsInsert(ctx, events),
  ]);
  if (events.length > 0) await notifyOutbox(ctx);
  return scan;
}

/** The tenant's scan row: what this scan saw, and the transaction count it saw it at. */
const scanRow = (
  ctx: TenantContext,
  scan: NetworkScan,
  at: string,
  throughTransactions: number,
  started: number,
) =>
  repo.scanUpsert(ctx, {
    scannedAt: at,
    throughTransactions,
    historyStart: scan.historyStart,
    historyEnd: scan.historyEnd,
    transfers: scan.transfers,
    schemes: scan.schemes,
    schemesNew: scan.schemesNew,
    durationMs: Date.now() - started,
  });

/**
 * After arrival screening drained the tenant's queue: a network scan soon, at most one per
 * debounce (a delayed message when the last scan was recent; the job itself skips when
 * nothing arrived since). A failed send is logged: the next drain asks again.
 */
export async function requestNetworkScan(ctx: TenantContext): Promise<void> {
  const last = await repo.lastScan(ctx);
  const since = last ? ctx.clock.now().getTime() - Date.parse(last.scannedAt) : Number.POSITIVE_INFINITY;
  const wait = debounceMs(ctx);
  const delaySeconds = since >= wait ? 0 : Math.ceil((wait - since) / 1000);
  try {
    await ctx.env.JOBS_QUEUE.send(
      jobs.monitoringNetwork(ctx.tenantId),
      delaySeconds ? { delaySeconds } : undefined,
    );
  } catch (err) {
    console.error(
      JSON.stringify({ msg: "monitoring.network not sent", tenantId: ctx.tenantId, error: String(err) }),
    );
  }
}

/** Where the tenant's network scan stands: its last scan, and whether transactions arrived since. */
export async function networkStatus(ctx: TenantContext) {
  const [last, activity] = await Promise.all([repo.lastScan(ctx), networkActivity(ctx)]);
  return {
    lastScanAt: last?.scannedAt ?? null,
    upToDate: last ? last.throughTransactions === activity.transactions : activity.transactions === 0,
    historyStart: last?.historyStart ?? null,
    historyEnd: last?.historyEnd ?? null,
    transfers: last?.transfers ?? 0,
    schemes: last?.schemes ?? 0,
  };
}
