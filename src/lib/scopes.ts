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

export const grants = (held: readonly string[], needed: Scope): boolean =>
  held.includes("*") || held.includes(needed);
