import { AML_RULES } from "../../detection/domain/aml/rules";
import { DEFAULT_THRESHOLDS, THRESHOLD_DEFINITIONS } from "../../detection/domain/aml/thresholds";
import { SIGNALS } from "../../detection/domain/fraud/catalog";
import { canonicalJson, contentHash } from "./canonical";
import { scaleMoney } from "./currency";
import type { BuiltinConfig, RuleSetContent, RuleSetKind } from "./document";

/** The tenant settings the defaults may depend on (currency, time zone: issue 14 "wiring"). */
export interface RuleSetSettings {
  currency?: string;
  [key: string]: unknown;
}

/** Fraud parameters whose name ends in Minor are money (minor units): scaled by currency. */
const scaleParameters = (parameters: Record<string, number>, currency: string | undefined) =>
  Object.fromEntries(
    Object.entries(parameters).map(([name, v]) => [
      name,
      name.endsWith("Minor") ? scaleMoney(v, currency) : v,
    ]),
  );

/**
 * The AML rules' own defaults over the shared thresholds. The network shapes (cycle,
 * scatter-gather, gather-scatter, layering) follow money passed on with at most a tenth kept per
 * hop (`networkPassPercent` 90); the fans and mules keep the shared 85 for their drains. On the
 * second benchmark generator (4,000 holders, 90 days, transfers of a few thousand cedis on a
 * random graph) the shapes at 85 flagged 22 ordinary holders in chance gather-scatters and a
 * chain that passed on 85-90%; at 90, 8, and every configuration of both generators kept its
 * planted participants (docs/methodology/typologies.md#kept-the-shapes-follow-money-passed-on-at-90).
 */
export const AML_DEFAULT_PARAMETERS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  "AML-CYC-012": { networkPassPercent: 90 },
  "AML-SGA-013": { networkPassPercent: 90 },
  "AML-GSC-014": { networkPassPercent: 90 },
  "AML-LAY-015": { networkPassPercent: 90 },
};

/** Every built-in's default configuration, by id (money in the given currency, default GHS). */
export function defaultBuiltins(kind: RuleSetKind, currency?: string): Record<string, BuiltinConfig> {
  if (kind === "fraud") {
    return Object.fromEntries(
      SIGNALS.map((s) => [
        s.signalId,
        {
          enabled: s.isEnabled,
          severity: s.defaultSeverity,
          parameters: scaleParameters(s.parameters, currency),
          weight: 1,
        },
      ]),
    );
  }
  // AML parameters are per-rule overrides of the shared thresholds: only AML_DEFAULT_PARAMETERS.
  return Object.fromEntries(
    AML_RULES.map((r) => [
      r.ruleId,
      {
        enabled: r.isEnabled,
        severity: r.defaultRiskLevel,
        parameters: { ...AML_DEFAULT_PARAMETERS[r.ruleId] },
        weight: 1,
      },
    ]),
  );
}

/** The AML default thresholds with money ones scaled to the currency. */
export function defaultThresholds(currency?: string): Record<string, number> {
  return Object.fromEntries(
    THRESHOLD_DEFINITIONS.map((d) => [
      d.name,
      d.unit === "money" ? scaleMoney(DEFAULT_THRESHOLDS[d.name]!, currency) : DEFAULT_THRESHOLDS[d.name]!,
    ]),
  );
}

/**
 * Version 0: what a tenant that published nothing runs. Money defaults are the GHS figures
 * scaled to `settings.currency` (rules/domain/currency.ts).
 */
export function defaultContent(kind: RuleSetKind, settings: RuleSetSettings = {}): RuleSetContent {
  const currency = typeof settings.currency === "string" ? settings.currency : undefined;
  const builtins = defaultBuiltins(kind, currency);
  return kind === "aml"
    ? { builtins, thresholds: defaultThresholds(currency), custom: [] }
    : { builtins, custom: [] };
}

/** The built-in ids of a kind, in catalog order. */
export const builtinIds = (kind: RuleSetKind): string[] =>
  kind === "fraud" ? SIGNALS.map((s) => s.signalId) : AML_RULES.map((r) => r.ruleId);

/** Version 0's hashes by what its content is built from; a few entries per isolate at most. */
const zeroHashes = new Map<string, Promise<string>>();
const ZERO_HASHES_MAX = 256;

/**
 * Version 0 as a tenant runs it: defaultContent, with the AML thresholds overridden by
 * `legacyThresholds` (carried over from before rule sets), and its content hash. The content is
 * built for each call (callers may change it); the hash, a canonical JSON and a sha256 of the
 * whole catalog, is computed once per isolate for each kind, currency and override (every
 * request of a tenant that never published paid it: ~5% of a pre-transaction screening's Worker CPU).
 */
export function versionZero(
  kind: RuleSetKind,
  settings: RuleSetSettings = {},
  legacyThresholds?: Record<string, number> | null,
): { content: RuleSetContent; hash: Promise<string> } {
  const content = defaultContent(kind, settings);
  const overrides = kind === "aml" && legacyThresholds ? legacyThresholds : undefined;
  if (overrides) content.thresholds = { ...content.thresholds, ...overrides };
  const currency = typeof settings.currency === "string" ? settings.currency : "";
  const key = `${kind}\u0000${currency}\u0000${overrides ? canonicalJson(overrides) : ""}`;
  let hash = zeroHashes.get(key);
  if (!hash) {
    if (zeroHashes.size >= ZERO_HASHES_MAX) zeroHashes.clear();
    hash = contentHash(content);
    zeroHashes.set(key, hash);
  }
  return { content, hash };
}
