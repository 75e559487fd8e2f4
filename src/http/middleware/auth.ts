import type { MiddlewareHandler } from "hono";
import { tenantContext } from "../../db/tenant-context";
import { systemClock } from "../../lib/clock";
import { AppError } from "../../lib/errors";
import { grants, type OperatorScope, type Scope } from "../../lib/scopes";
import { authenticateOperator } from "../../modules/admin/operators/service";
import { authenticateApiKey } from "../../modules/admin/verification/service";
import { operatorContext } from "../../modules/audit/service";
import { userPrincipal } from "../../modules/users/service";
import type { AppEnv } from "../context";

function bearer(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * /v1: the tenant comes from the API key and nothing else. A key bound to a user acts as that
 * user, with the scopes of the user's roles now (one shard read; a disabled user is a 401); any
 * other key is an integration, named by its id (docs/decisions/case-work.md#named-analysts).
 */
export const apiKeyAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const presented = bearer(c.req.header("authorization"));
  if (!presented) throw new AppError("unauthorized", "Missing API key: send Authorization: Bearer <key>");
  const { tenant, keyId, scopes, rateLimitPerMinute, userId } = await authenticateApiKey(c.env, presented);
  const ctx = { ...tenantContext(c.env, tenant, c.get("requestId")), keyId };
  const bound = userId ? await userPrincipal(ctx, userId) : null;
  c.set("auth", {
    keyId,
    scopes: bound ? bound.scopes : scopes,
    rateLimitPerMinute,
    principal: bound ? bound.principal : { type: "integration", id: keyId },
  });
  c.set("ctx", ctx);
  await next();
};

/** /admin: the bootstrap ADMIN_TOKEN or a named operator token; the operator is set for the audit log. */
export const adminAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const presented = bearer(c.req.header("authorization"));
  if (!presented) throw new AppError("unauthorized", "Missing or invalid admin token");
  const { actor, grant } = await authenticateOperator(c.env, presented, systemClock);
  c.set("op", operatorContext(c.env, actor, c.get("requestId")));
  c.set("operatorGrant", grant);
  await next();
};

/** The operator-scope twin of requireScope, declared by adminRoute from each route's `scope`. */
export const requireOperatorScope =
  (scope: OperatorScope): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!grants(c.get("operatorGrant").scopes, scope)) {
      throw new AppError("forbidden", `This operator token lacks the scope ${scope}`);
    }
    await next();
  };

/** Declared on each route (createRoute middleware), never remembered inside handlers. */
export const requireScope =
  (scope: Scope): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!grants(c.get("auth").scopes, scope)) {
      throw new AppError("forbidden", `This API key lacks the scope ${scope}`);
    }
    await next();
  };

export type TenantFeature = "agentNetwork";

/** Declared on routes of an optional capability (docs/contract.md#errors: 501 when the tenant lacks it). */
export const requireFeature =
  (feature: TenantFeature): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!c.get("ctx").tenant.features[feature]) {
      throw new AppError(
        "not_implemented",
        `This capability is not enabled for this tenant (${feature} feature)`,
      );
    }
    await next();
  };
