import { AML_RULES } from "../../detection/domain/aml/rules";
import { DEFAULT_THRESHOLDS, THRESHOLD_DEFINITIONS } from "../../detection/domain/aml/thresholds";
import { SIGNALS } from "../../detection/domain/fraud/catalog";
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
  // AML parameters are per-rule overrides of the shared thresholds: none by default.
  return Object.fromEntries(
    AML_RULES.map((r) => [
      r.ruleId,
      { enabled: r.isEnabled, severity: r.defaultRiskLevel, parameters: {}, weight: 1 },
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
