/** docs/contract.md#keys-and-scopes: `<area>:read|write` per area, and `*` for everything. */
export const AREAS = [
  "data",
  "bhi",
  "nba",
  "insights",
  "workflows",
  "reports",
  "fraud",
  "sme",
  "agents",
  "aml",
  "webhooks",
  "users",
] as const;
export type Area = (typeof AREAS)[number];
/** Read-only areas: the audit log is written by the service itself, never through the API. */
export const READ_ONLY_SCOPES = ["audit:read"] as const;
/** Publishing and rolling back rule sets (docs/methodology/rules.md#publication): apart from the drafts' `fraud:write` / `aml:write`, so editing and making live can be given to different keys. */
export const ACTION_SCOPES = ["rules:publish"] as const;
export type Scope =
  | `${Area}:read`
  | `${Area}:write`
  | (typeof READ_ONLY_SCOPES)[number]
  | (typeof ACTION_SCOPES)[number]
  | "*";

export const ALL_SCOPES: Scope[] = [
  "*",
  ...AREAS.flatMap((a) => [`${a}:read`, `${a}:write`] as Scope[]),
  ...READ_ONLY_SCOPES,
  ...ACTION_SCOPES,
];

export const isScope = (value: string): value is Scope => (ALL_SCOPES as string[]).includes(value);

export const grants = (held: readonly string[], needed: Scope | OperatorScope): boolean =>
  held.includes("*") || held.includes(needed);

/**
 * Operator scopes (/admin, docs/decisions/audit-log.md#operator-credentials): `<area>:read|write`
 * over the operator's areas, in the tenant keys' style. The audit log is read-only here too.
 * No `*`: a token lists what it holds; the bootstrap ADMIN_TOKEN holds every one.
 */
export const OPERATOR_AREAS = [
  "tenants",
  "keys",
  "shards",
  "moves",
  "exports",
  "audit",
  "operators",
  "sanctions",
] as const;
export type OperatorArea = (typeof OPERATOR_AREAS)[number];
export type OperatorScope = `${Exclude<OperatorArea, "audit">}:${"read" | "write"}` | "audit:read";

export const OPERATOR_SCOPES = OPERATOR_AREAS.flatMap((a) =>
  a === "audit" ? ["audit:read"] : [`${a}:read`, `${a}:write`],
) as OperatorScope[];

export const isOperatorScope = (value: string): value is OperatorScope =>
  (OPERATOR_SCOPES as string[]).includes(value);

/** Scopes in `wanted` that `held` does not hold: a token grants only what it holds itself. */
export const scopesNotHeld = (held: readonly string[], wanted: readonly string[]): string[] =>
  wanted.filter((s) => !held.includes(s));
