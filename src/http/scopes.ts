/** CONTRACT section 3: `<area>:read|write` per area, and `*` for everything. */
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
export type Scope = `${Area}:read` | `${Area}:write` | "*";

export const ALL_SCOPES: Scope[] = ["*", ...AREAS.flatMap((a) => [`${a}:read`, `${a}:write`] as Scope[])];

export const isScope = (value: string): value is Scope => (ALL_SCOPES as string[]).includes(value);

export const grants = (held: readonly string[], needed: Scope): boolean =>
  held.includes("*") || held.includes(needed);
