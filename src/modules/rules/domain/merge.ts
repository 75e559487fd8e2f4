import type { BuiltinConfig, RuleSetContent } from "./document";
import type { RuleSetInput } from "./validate";

/**
 * What a draft PUT saves (docs/methodology/rules.md#publication): the draft's content, else the
 * live version's, with only what the request names changed. A built-in named replaces that
 * built-in's settings, its parameters laid over the ones it had; thresholds are replaced name by
 * name; `custom` (a list) and `createCaseThreshold` replace the whole value when given. So a PUT
 * of thresholds alone keeps the live custom rules and built-ins.
 */
export function mergeInput(base: RuleSetContent, input: RuleSetInput): RuleSetInput {
  const builtins: Record<string, BuiltinConfig> = { ...base.builtins };
  for (const [id, config] of Object.entries(input.builtins ?? {})) {
    const before = Object.hasOwn(base.builtins, id) ? base.builtins[id] : undefined;
    builtins[id] = { ...config, parameters: { ...before?.parameters, ...config.parameters } };
  }
  const merged: RuleSetInput = { builtins, custom: input.custom ?? base.custom };
  if (base.thresholds || input.thresholds) merged.thresholds = { ...base.thresholds, ...input.thresholds };
  const threshold = input.createCaseThreshold ?? base.createCaseThreshold;
  if (threshold !== undefined) merged.createCaseThreshold = threshold;
  return merged;
}
