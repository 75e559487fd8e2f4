import type { OpenAPIHono } from "@hono/zod-openapi";
import type { LazyD1Session } from "../db/d1-session";
import type { TenantContext } from "../db/tenant-context";
import type { Env } from "../env";
import type { Principal } from "../lib/principal";
import type { Scope } from "../lib/scopes";
import type { OperatorGrant } from "../modules/admin/operators/service";
import type { OperatorContext } from "../modules/audit/service";

export interface AuthInfo {
  keyId: string;
  scopes: Scope[];
  /** The key's own per-minute budget (operator-set), read with the key: no query in the limiter. */
  rateLimitPerMinute?: number | null;
  /** Who the request acts as: the key's user, or the key itself as an integration. */
  principal: Principal;
}

export interface AppVariables {
  requestId: string;
  /** Set by the API-key middleware on /v1 routes. */
  auth: AuthInfo;
  ctx: TenantContext;
  /** Set by the operator middleware on /admin routes: who acts, for the audit log. */
  op: OperatorContext;
  /** Set with `op`: the operator credential's scopes and expiry. */
  operatorGrant: OperatorGrant;
  /** The request's D1 session (its shard on /v1, CONTROL_DB on /admin): docs/decisions/read-replication.md. */
  d1: LazyD1Session;
}

export interface AppEnv {
  Bindings: Env;
  Variables: AppVariables;
}

export type App = OpenAPIHono<AppEnv>;
