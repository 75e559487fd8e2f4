import type { ErrorDetail } from "../../../lib/errors";
import { AML_RULES } from "../../detection/domain/aml/rules";
import { validateThresholds } from "../../detection/domain/aml/thresholds";
import { SIGNALS } from "../../detection/domain/fraud/catalog";
import type { CustomRule } from "./custom/tree";
import { validateCustomRules } from "./custom/validate";
import { builtinIds, defaultContent, type RuleSetSettings } from "./defaults";
import type { BuiltinConfig, RuleSetContent, RuleSetKind } from "./document";
import { FRAUD_PARAMETER_BOUNDS, parameterProblem } from "./parameters";

/** Content as a client sends it (shape already checked by the schema): parts may be left out. */
export interface RuleSetInput {
  builtins?: Record<string, BuiltinConfig>;
  thresholds?: Record<string, unknown>;
  custom?: CustomRule[];
  createCaseThreshold?: number;
}

/**
 * The case-opening fields (docs/methodology/rules.md#case-opening): fraud `createCaseThreshold`,
 * AML `opensCase` on built-ins and custom rules. Each belongs to one kind; on the other it is a
 * problem at its path rather than a silently ignored value.
 */
function caseFieldProblems(kind: RuleSetKind, input: RuleSetInput): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const threshold = input.createCaseThreshold;
  if (threshold !== undefined) {
    if (kind !== "fraud")
      problems.push({
        path: "createCaseThreshold",
        message: "Only fraud rule sets have createCaseThreshold",
      });
    else if (!Number.isFinite(threshold) || threshold < 0 || threshold > 100)
      problems.push({ path: "createCaseThreshold", message: "Must be a number from 0 to 100" });
  }
  if (kind === "fraud") {
    const onlyAml = "Only AML rules have opensCase (fraud cases follow createCaseThreshold)";
    for (const [id, config] of Object.entries(input.builtins ?? {}))
      if (config.opensCase !== undefined)
        problems.push({ path: `builtins.${id}.opensCase`, message: onlyAml });
    (input.custom ?? []).forEach((rule, i) => {
      if (rule.opensCase !== undefined) problems.push({ path: `custom.${i}.opensCase`, message: onlyAml });
      if (rule.typology !== undefined)
        problems.push({ path: `custom.${i}.typology`, message: "Only AML rules have a typology" });
      if (rule.score === undefined)
        problems.push({ path: `custom.${i}.score`, message: "Fraud custom rules need a score 0-100" });
    });
  }
  return problems;
}

function fraudParameterProblems(signalId: string, parameters: Record<string, number>, path: string) {
  const known = SIGNALS.find((s) => s.signalId === signalId)?.parameters ?? {};
  const problems: ErrorDetail[] = [];
  for (const [name, value] of Object.entries(parameters)) {
    const bounds = FRAUD_PARAMETER_BOUNDS[name];
    if (!(name in known) || !bounds) {
      problems.push({
        path: `${path}.${name}`,
        message: `Unknown parameter; known: ${Object.keys(known).join(", ")}`,
      });
      continue;
    }
    const problem = parameterProblem(bounds, value);
    if (problem) problems.push({ path: `${path}.${name}`, message: problem });
  }
  return problems;
}

function amlParameterProblems(ruleId: string, parameters: Record<string, number>, path: string) {
  const readable = AML_RULES.find((r) => r.ruleId === ruleId)?.thresholdNames ?? [];
  const problems: ErrorDetail[] = [];
  for (const name of Object.keys(parameters)) {
    if (!readable.includes(name))
      problems.push({
        path: `${path}.${name}`,
        message: `Not a threshold this rule reads; it reads: ${readable.join(", ")}`,
      });
  }
  const known = Object.fromEntries(Object.entries(parameters).filter(([name]) => readable.includes(name)));
  return [...problems, ...validateThresholds(known, path)];
}

/**
 * Checks a draft's content and completes it: every problem with its path (unknown built-ins,
 * parameters out of bounds, thresholds, custom rules); built-ins, parameters and thresholds left
 * out are filled from the tenant's defaults (money scaled to `settings.currency`), so a stored
 * version always states every value it runs with.
 */
export function checkContent(
  kind: RuleSetKind,
  input: RuleSetInput,
  settings: RuleSetSettings = {},
): { content: RuleSetContent; problems: ErrorDetail[] } {
  const problems: ErrorDetail[] = [];
  const tenantDefaults = defaultContent(kind, settings);
  const defaults = tenantDefaults.builtins;
  const known = builtinIds(kind);
  const given = input.builtins ?? {};
  for (const id of Object.keys(given)) {
    if (!known.includes(id))
      problems.push({
        path: `builtins.${id}`,
        message: `Unknown ${kind} built-in; known: ${known.join(", ")}`,
      });
  }
  const builtins: Record<string, BuiltinConfig> = {};
  for (const id of known) {
    const config = given[id];
    if (!config) {
      builtins[id] = defaults[id];
      continue;
    }
    const path = `builtins.${id}.parameters`;
    problems.push(
      ...(kind === "fraud"
        ? fraudParameterProblems(id, config.parameters, path)
        : amlParameterProblems(id, config.parameters, path)),
    );
    builtins[id] = { ...config, parameters: { ...defaults[id].parameters, ...config.parameters } };
  }
  let thresholds: Record<string, number> | undefined;
  if (kind === "fraud") {
    if (input.thresholds)
      problems.push({ path: "thresholds", message: "Only AML rule sets have thresholds" });
  } else {
    problems.push(...validateThresholds(input.thresholds ?? {}, "thresholds"));
    thresholds = {
      ...tenantDefaults.thresholds,
      ...(input.thresholds as Record<string, number> | undefined),
    };
  }
  const custom = input.custom ?? [];
  problems.push(...validateCustomRules(custom, "custom"), ...caseFieldProblems(kind, input));
  const content: RuleSetContent = thresholds ? { builtins, thresholds, custom } : { builtins, custom };
  // Set only when given: content without it hashes as it did before the field existed.
  if (input.createCaseThreshold !== undefined) content.createCaseThreshold = input.createCaseThreshold;
  return { content, problems };
}
