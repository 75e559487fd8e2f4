import { DEFAULT_THRESHOLDS } from "../../detection/domain/aml/thresholds";

/** How a version came to be: a draft published, an older version copied, or the SPEC's PUT thresholds. */
export const PUBLICATION_ACTIONS = ["publish", "rollback", "thresholds"] as const;
export type PublicationAction = (typeof PUBLICATION_ACTIONS)[number];

/**
 * The AML thresholds that differ from the defaults (the tenant's, currency-scaled, when given):
 * what `GET /v1/kyc-aml/thresholds` calls overrides.
 */
export const thresholdOverrides = (
  thresholds: Record<string, number> = {},
  defaults: Record<string, number> = DEFAULT_THRESHOLDS,
): Record<string, number> =>
  Object.fromEntries(Object.entries(thresholds).filter(([name, value]) => defaults[name] !== value));

/** A rollback copies a version strictly older than the live one. */
export function rollbackProblem(target: number, live: number): string | null {
  if (target >= live) return `Version ${target} is not older than the live version ${live}`;
  return null;
}
