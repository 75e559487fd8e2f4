import type { MiddlewareHandler } from "hono";
import { tenantContext } from "../../db/tenant-context";
import { timingSafeEqualText } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import { authenticateApiKey } from "../../modules/admin/service";
import type { AppEnv } from "../context";
import { grants, type Scope } from "../scopes";

function bearer(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** /v1: the tenant comes from the API key and nothing else. */
export const apiKeyAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const presented = bearer(c.req.header("authorization"));
  if (!presented) throw new AppError("unauthorized", "Missing API key: send Authorization: Bearer <key>");
  const { tenant, keyId, scopes } = await authenticateApiKey(c.env, presented);
  c.set("auth", { keyId, scopes });
  c.set("ctx", tenantContext(c.env, tenant, c.get("requestId")));
  await next();
};

/** /admin: the operator token, compared in constant time. */
export const adminAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const presented = bearer(c.req.header("authorization"));
  const expected = c.env.ADMIN_TOKEN;
  if (!presented || !expected || !timingSafeEqualText(presented, expected)) {
    throw new AppError("unauthorized", "Missing or invalid admin token");
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

/** Declared on routes of an optional capability (CONTRACT: 501 when the tenant lacks it). */
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
