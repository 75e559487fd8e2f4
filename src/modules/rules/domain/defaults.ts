import { AML_RULES } from "../../aml/domain/rules";
import { DEFAULT_THRESHOLDS } from "../../aml/domain/thresholds";
import { SIGNALS } from "../../fraud/domain/catalog";
import type { BuiltinConfig, RuleSetContent, RuleSetKind } from "./document";

/** The tenant settings the defaults may depend on (currency, time zone: issue 14 "wiring"). */
export interface RuleSetSettings {
  currency?: string;
  [key: string]: unknown;
}

/** Every built-in's default configuration, by id. */
export function defaultBuiltins(kind: RuleSetKind): Record<string, BuiltinConfig> {
  if (kind === "fraud") {
    return Object.fromEntries(
      SIGNALS.map((s) => [
        s.signalId,
        { enabled: s.isEnabled, severity: s.defaultSeverity, parameters: { ...s.parameters }, weight: 1 },
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

/**
 * Version 0: what a tenant that published nothing runs. `settings` is taken so per-tenant
 * defaults (currency scaling of money floors) can land here without changing callers.
 */
export function defaultContent(kind: RuleSetKind, _settings: RuleSetSettings = {}): RuleSetContent {
  const builtins = defaultBuiltins(kind);
  return kind === "aml"
    ? { builtins, thresholds: { ...DEFAULT_THRESHOLDS }, custom: [] }
    : { builtins, custom: [] };
}

/** The built-in ids of a kind, in catalog order. */
export const builtinIds = (kind: RuleSetKind): string[] =>
  kind === "fraud" ? SIGNALS.map((s) => s.signalId) : AML_RULES.map((r) => r.ruleId);
