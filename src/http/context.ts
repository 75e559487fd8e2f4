import type { OpenAPIHono } from "@hono/zod-openapi";
import type { TenantContext } from "../db/tenant-context";
import type { Env } from "../env";
import type { Scope } from "../lib/scopes";
import type { OperatorContext } from "../modules/audit/service";

export interface AuthInfo {
  keyId: string;
  scopes: Scope[];
}

export interface AppVariables {
  requestId: string;
  /** Set by the API-key middleware on /v1 routes. */
  auth: AuthInfo;
  ctx: TenantContext;
  /** Set by the operator middleware on /admin routes: who acts, for the audit log. */
  op: OperatorContext;
}

export interface AppEnv {
  Bindings: Env;
  Variables: AppVariables;
}

export type App = OpenAPIHono<AppEnv>;
