import type { BatchItem } from "drizzle-orm/batch";
import type { TenantContext } from "../../../../db/tenant-context";
import { daysBefore } from "../../../../lib/clock";
import { isAgentFloatLeg } from "../../../data/domain/agent-float";
import type { PeerNorm } from "../../../data/peers/service";
import { FAILED_STATUSES, type ProposedTransactionRow } from "../../../data/read-model";
import type { AmlEntityType } from "../../../detection/domain/aml/rules";
import { mergeThresholds, type Thresholds } from "../../../detection/domain/aml/thresholds";
import {
  allowlistedEntities,
  allowlistedSet,
  allowlistStatement,
  highRiskCountries as storedHighRiskCountries,
} from "../../../lists/service";
import type { RuleSetChoice } from "../../../rules/domain/document";
import { ruleSetFor } from "../../../rules/service";
import { unionCountries } from "../../domain/custom-outcomes";
import {
  type AnyStatusTx,
  asciiLower,
  asciiUpper,
  countedStatus,
  type EntityRows,
  entityFeatures,
  entityRowsFrom,
  readStart,
} from "../../domain/entity-features";
import { type EntityFeatures, emptyFeatures } from "../../domain/features";
import { groupRules } from "../../domain/rule-groups";
import { entityEdgesRead, entityRowsRead } from "../../features/entity-rows/repo";
import { loadFeatures } from "../../features/repo";
import { homeCountry, selectRules } from "../../service";

/**
 * What an AML evaluation reads and runs, before any rule is evaluated: its plan (the version,
 * the rules for the request, the countries) and its reads of the entity, alone (evaluate) or as
 * statements a caller sends with its own in one D1 batch (pre-transaction screening), or for a
 * page of entities (monitoring's preload).
 */

export interface EvaluateInput {
  entityType: AmlEntityType;
  entityId: string;
  windowDays: number;
  ruleIds?: string[];
  dryRun: boolean;
  highRiskCountries?: string[];
  /** The live version (default) or the tenant's AML draft, which forces a dry run. */
  ruleSet?: RuleSetChoice;
}

/** Pre-transaction screening: a transaction not stored, read as if it were; the instant to evaluate at. */
export interface Proposal {
  row: ProposedTransactionRow;
  at: Date;
}

/** What an evaluation runs: the live version (or draft), its rules for the request, and the countries. */
export async function plan(ctx: TenantContext, input: EvaluateInput, preloaded?: string[]) {
  const [live, stored] = await Promise.all([
    ruleSetFor(ctx, "aml", input.ruleSet),
    preloaded ?? storedHighRiskCountries(ctx),
  ]);
  const countries = unionCountries(stored, input.highRiskCountries);
  const home = homeCountry(ctx);
  const { rules, skipped } = selectRules(input.entityType, input.ruleIds, countries, home, {
    builtins: live.content.builtins,
    customIds: new Set(live.content.custom.map((r) => r.ruleId)),
  });
  const named = input.ruleIds ? new Set(input.ruleIds) : null;
  // Named custom rules run even when the version disables them (as built-ins do).
  const customRules = named
    ? live.content.custom.filter((r) => named.has(r.ruleId)).map((r) => ({ ...r, enabled: true }))
    : live.content.custom;
  return {
    live,
    stored,
    countries,
    home,
    rules,
    skipped,
    customRules,
    thresholds: mergeThresholds(live.content.thresholds),
  };
}

export type Plan = Awaited<ReturnType<typeof plan>>;

/**
 * Entities' feature reads as of `now`: their transactions over the widest rule group's window
 * (one statement for one entity or a page), and `features`, which computes each group's features
 * in JavaScript from them (domain/entity-features.ts, equal to the feature statement's). Entities
 * with more rows than one read ships are read by the statement instead (one more round trip).
 */
function featureReads(
  ctx: TenantContext,
  p: Plan,
  page: { entityType: AmlEntityType; entityIds: string[]; windowDays: number; now: Date },
  proposal?: Proposal,
) {
  const { entityType, entityIds, now } = page;
  const windowEnd = now.toISOString();
  const groups = groupRules(p.rules, p.live.content.builtins, p.thresholds, page.windowDays);
  const one = entityIds.length === 1 ? entityIds[0] : undefined;
  const query = (windowDays: number, thresholds: Thresholds) => ({
    entityType,
    ...(one === undefined ? { entityIds } : { entityId: one }),
    windowStart: daysBefore(now, windowDays).toISOString(),
    windowEnd,
    thresholds,
    highRiskCountries: p.countries,
    homeCountry: p.home,
    proposed: proposal?.row,
  });
  const widest = Math.max(page.windowDays, ...groups.map((g) => g.windowDays));
  // The read covers every group's profile window too (a rule's own profileWindowDays may be longer).
  const profileWindowDays = Math.max(
    p.thresholds.profileWindowDays!,
    ...groups.map((g) => g.thresholds.profileWindowDays!),
  );
  const wide = { ...p.thresholds, profileWindowDays };
  const rows = entityRowsRead(ctx, query(widest, wide));
  /** Each entity's features per group from its rows (null: too many, read by statement). */
  const featuresOf = async (reads: ReadonlyMap<string, EntityRows | null>) => {
    const overflow = entityIds.filter((id) => reads.get(id) === null);
    const byStatement = overflow.length
      ? await Promise.all(
          groups.map((g) => loadFeatures(ctx, { ...query(g.windowDays, g.thresholds), entityIds: overflow })),
        )
      : [];
    return new Map(
      entityIds.map((id) => {
        const read = reads.get(id);
        return [
          id,
          groups.map((g, i) => {
            if (read === null) return byStatement[i]?.get(id) ?? emptyFeatures(id);
            // No row in the widest window: none in any group's window either.
            if (read === undefined) return emptyFeatures(id);
            return entityFeatures(read, { ...query(g.windowDays, g.thresholds), entityId: id });
          }),
        ];
      }),
    );
  };
  const features = (results: Parameters<typeof rows.decode>[0]) => featuresOf(rows.decode(results));
  return { item: rows.item, features, featuresOf, widest: query(widest, wide) };
}

/**
 * The reads of one entity's evaluation as of `now` (its transactions and the allowlist) as
 * statements for one D1 batch, which a caller may send with its own (pre-transaction screening
 * sends fraud's too); `finish` turns the batch's results for them into the preload evaluate
 * takes. The entity is not checked here.
 */
export function readsFor(
  ctx: TenantContext,
  input: EvaluateInput,
  p: Plan,
  now: Date,
  proposal?: Proposal,
  options: { givenRows?: boolean } = {},
) {
  const reads = featureReads(
    ctx,
    p,
    { entityType: input.entityType, entityIds: [input.entityId], windowDays: input.windowDays, now },
    proposal,
  );
  const allowlist = allowlistStatement(ctx, {
    entityType: input.entityType,
    entityIds: [input.entityId],
    ruleIds: [...p.rules.map((r) => r.ruleId), ...p.customRules.map((r) => r.ruleId)],
    at: now,
  });
  const { windowStart, windowEnd, thresholds } = reads.widest;
  const from = readStart(windowStart, windowEnd, thresholds);
  const proposed = proposal ? proposedTx(input.entityType, proposal.row) : null;
  const edges = options.givenRows
    ? entityEdgesRead(
        ctx,
        { entityType: input.entityType, entityId: input.entityId, windowStart, windowEnd },
        proposal ? windowCustomer(proposal.row, windowStart, windowEnd) : null,
      )
    : null;
  const items: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [allowlist, edges?.item ?? reads.item];
  /**
   * `given`: the entity's rows as the caller read them (with `givenRows`: every status from
   * `from`, newest first); none, or not covering the window: the entity's own read (one more trip).
   */
  const finish = async (results: readonly unknown[], given?: GivenRows | null): Promise<AmlPreload> => {
    const fromGiven =
      edges && given && given.from <= from
        ? entityRowsFrom({
            newestFirst: given.rows,
            proposed,
            windowStart,
            windowEnd,
            from,
            ...edges.decode(results[1] as Parameters<typeof edges.decode>[0]),
            failedStatuses: FAILED_STATUSES,
          })
        : null;
    const features = fromGiven
      ? await reads.featuresOf(new Map([[input.entityId, fromGiven]]))
      : await reads.features((edges ? await reads.item : results[1]) as Parameters<typeof reads.features>[0]);
    return {
      now,
      countries: p.stored,
      allowlist: allowlistedSet(results[0] as Parameters<typeof allowlistedSet>[0]),
      features: features.get(input.entityId)!,
    };
  };
  return { items, finish };
}

/** An entity's rows read by its caller (pre-transaction screening's fraud read), for readsFor's `finish`. */
export interface GivenRows {
  from: string;
  rows: AnyStatusTx[];
}

const counted = countedStatus(FAILED_STATUSES);

/** The proposed row's customer when it is one of the window's rows (whose customer's business is declared). */
export const windowCustomer = (row: ProposedTransactionRow, windowStart: string, windowEnd: string) =>
  counted(row.status) && row.transaction_date >= windowStart && row.transaction_date <= windowEnd
    ? row.customer_id
    : null;

/** The proposed row as the entity read's SQL sees it (OTHER_PARTY, CASH and upper(country) in features/families/repo.ts). */
export function proposedTx(entityType: AmlEntityType, row: ProposedTransactionRow): AnyStatusTx {
  const other =
    entityType === "customer" || entityType === "account"
      ? (row.counterparty_account ?? row.counterparty_name)
      : entityType === "counterparty"
        ? row.customer_id
        : null;
  return {
    transactionDate: row.transaction_date,
    type: row.type,
    amountMinor: row.amount_minor,
    status: row.status,
    cash: asciiLower(row.channel ?? "") === "cash",
    country: row.counterparty_country === null ? null : asciiUpper(row.counterparty_country),
    other,
    float: isAgentFloatLeg(row.type, row.category),
  };
}

/** readsFor under the evaluation's plan (`countries`: the stored high-risk countries, read by the caller). */
export async function readsOf(
  ctx: TenantContext,
  input: EvaluateInput,
  now: Date,
  countries: string[],
  proposal?: Proposal,
  options: { givenRows?: boolean } = {},
) {
  return readsFor(ctx, input, await plan(ctx, input, countries), now, proposal, options);
}

/**
 * An entity's reads done for it by a page read (monitoring, preloadAml): the features per rule
 * group (in groupRules order), the allowlist, the countries, the instant. evaluate then reads
 * only its custom rules, and answers what it would have answered reading them itself.
 */
export interface AmlPreload {
  now: Date;
  countries: string[];
  features: EntityFeatures[];
  allowlist: Awaited<ReturnType<typeof allowlistedEntities>>;
  /** The entity's peer group, read with the page's (absent: evaluate reads it). */
  peers?: PeerNorm | null;
}

/**
 * The reads of live evaluations (no ruleIds) of many entities of one type as of `now`: the
 * countries, one feature statement per rule group (usually one) and the allowlist. Entities are
 * not checked here: the caller passes only those it found.
 */
export async function preloadAml(
  ctx: TenantContext,
  page: { entityType: AmlEntityType; entityIds: string[]; windowDays: number; now: Date },
  peers?: ReadonlyMap<string, PeerNorm | null>,
): Promise<Map<string, AmlPreload>> {
  const { entityType, entityIds, windowDays, now } = page;
  const countries = await storedHighRiskCountries(ctx);
  const p = await plan(ctx, { entityType, entityId: "", windowDays, dryRun: true }, countries);
  const reads = featureReads(ctx, p, page);
  const [features, allowlist] = await Promise.all([
    reads.item.then(reads.features),
    allowlistedEntities(ctx, {
      entityType,
      entityIds,
      ruleIds: [...p.rules.map((r) => r.ruleId), ...p.customRules.map((r) => r.ruleId)],
      at: now,
    }),
  ]);
  return new Map(
    entityIds.map((id) => [
      id,
      {
        now,
        countries,
        allowlist,
        features: features.get(id)!,
        ...(peers ? { peers: peers.get(id) ?? null } : {}),
      },
    ]),
  );
}
