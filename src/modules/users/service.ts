/**
 * Named users of a tenant and the keys bound to them (docs/decisions/case-work.md#named-analysts).
 * Users live in the tenant's shard (tenant_users), each change audited in the same batch; a key
 * bound to a user lives with every key in the control database (api_keys.user_id).
 */

import type { PageRequest } from "../../db/keyset";
import type { TenantUserRow } from "../../db/shard/users";
import type { TenantContext } from "../../db/tenant-context";
import { isUniqueViolation } from "../../db/unique-violation";
import { AppError, conflict, notFound } from "../../lib/errors";
import { presentPage } from "../../lib/pagination";
import type { Principal } from "../../lib/principal";
import { grants, type Scope } from "../../lib/scopes";
import { insertUserKey, presentKey, sealedKey, userKeyToCreate } from "../admin/keys/service";
import { tenantAuditInsert } from "../audit/service";
import { type Role, scopesOfRoles } from "./domain/roles";
import * as repo from "./repo";

export const presentUser = (row: TenantUserRow) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  roles: row.roles as Role[],
  disabled: row.disabled,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});
type UserView = ReturnType<typeof presentUser>;

/** A caller grants only what it holds: giving roles (or a key) needs every scope they carry (403). */
function assertHolds(held: readonly Scope[], roles: readonly string[]) {
  const missing = scopesOfRoles(roles).filter((s) => !grants(held, s));
  if (missing.length)
    throw new AppError("forbidden", `This API key cannot grant scopes it lacks: ${missing.join(", ")}`);
}

async function requireUser(ctx: TenantContext, userId: string) {
  const found = await repo.findUser(ctx, userId);
  if (!found) throw notFound("User");
  return found;
}

async function assertEmailFree(ctx: TenantContext, email: string, self?: string) {
  const holder = await repo.findUserByEmail(ctx, email);
  if (holder && holder.id !== self) throw conflict("Another user of this tenant has that email");
}

/**
 * Two writes of one email at once: the unique index decides, and the loser gets the 409 the
 * check before the write gives a later one.
 */
const emailTakenOr = (err: unknown) =>
  isUniqueViolation(err) ? conflict("Another user of this tenant has that email") : err;

export async function createUser(
  ctx: TenantContext,
  held: readonly Scope[],
  input: { name: string; email: string; roles: Role[] },
) {
  assertHolds(held, input.roles);
  await assertEmailFree(ctx, input.email);
  const now = ctx.clock.now().toISOString();
  const row = {
    id: crypto.randomUUID(),
    name: input.name,
    email: input.email,
    roles: input.roles,
    disabled: false,
    createdAt: now,
    updatedAt: now,
  };
  const user = presentUser({ ...row, tenantId: ctx.tenantId });
  try {
    await repo.insertUser(
      ctx,
      row,
      tenantAuditInsert(ctx, { action: "user.created", target: { type: "user", id: row.id }, after: user }),
    );
  } catch (err) {
    throw emailTakenOr(err);
  }
  return user;
}

/** Of `ids`, those that are not enabled users of the tenant (queue members must be). */
export async function notEnabledUsers(ctx: TenantContext, ids: readonly string[]): Promise<string[]> {
  const found = new Set((await repo.enabledUsersAmong(ctx, ids)).map((u) => u.id));
  return ids.filter((id) => !found.has(id));
}

export async function listUsers(ctx: TenantContext, page: PageRequest) {
  return presentPage(await repo.listUsers(ctx, page), presentUser);
}

export const getUser = async (ctx: TenantContext, userId: string) =>
  presentUser(await requireUser(ctx, userId));

export async function updateUser(
  ctx: TenantContext,
  held: readonly Scope[],
  userId: string,
  patch: { name?: string; email?: string; roles?: Role[]; disabled?: boolean },
) {
  const before = presentUser(await requireUser(ctx, userId));
  if (patch.roles) assertHolds(held, patch.roles);
  if (patch.email && patch.email !== before.email) await assertEmailFree(ctx, patch.email, userId);
  const after: UserView = { ...before, ...patch, updatedAt: ctx.clock.now().toISOString() };
  const row = await repo
    .updateUser(
      ctx,
      userId,
      { ...patch, updatedAt: after.updatedAt },
      tenantAuditInsert(ctx, { action: "user.updated", target: { type: "user", id: userId }, before, after }),
    )
    .catch((err) => {
      throw emailTakenOr(err);
    });
  if (!row) throw notFound("User");
  return presentUser(row);
}

/**
 * A key bound to the user: 409 for a disabled user; the caller must hold the scopes of the
 * user's roles (403). Two databases, no common batch: the tenant's audit entry is written first
 * (with, under an Idempotency-Key, the record of the key and its sealed secret), then the key to
 * the control database. A failure between them leaves an entry for a key that was not made, never
 * a key without its entry; the keyed retry after a kill makes or answers the recorded key
 * (docs/decisions/faults.md#a-kill-while-a-key-is-claimed).
 */
export async function createUserKey(
  ctx: TenantContext,
  held: readonly Scope[],
  userId: string,
  input: { name: string; expiresAt?: string },
) {
  const user = await requireUser(ctx, userId);
  if (user.disabled) throw conflict("The user is disabled: enable it before giving it a key");
  assertHolds(held, user.roles);
  const now = ctx.clock.now();
  const { created, stored, recorded } = await userKeyToCreate(
    ctx.env,
    now,
    ctx.tenantId,
    { ...input, userId, scopes: scopesOfRoles(user.roles) },
    ctx.idempotent,
  );
  const apiKey = { ...presentKey(created.row, created.key), userId };
  if (!recorded) {
    const { key: _key, ...shown } = apiKey;
    const sealed = await sealedKey(ctx.idempotent, created);
    await ctx.db.batch([
      tenantAuditInsert(ctx, {
        action: "user.key_created",
        target: { type: "user", id: userId },
        after: shown,
      }),
      ...(ctx.idempotent ? [ctx.idempotent.recordCreated(created.row.id, sealed)] : []),
    ]);
  }
  if (!stored) await insertUserKey(ctx.env, created.row);
  return apiKey;
}

/**
 * The principal of a key bound to `userId` and the scopes it holds now (the auth middleware asks
 * on each request): a missing or disabled user is a 401, as a revoked key is.
 */
export async function userPrincipal(ctx: TenantContext, userId: string) {
  const user = await repo.findUser(ctx, userId);
  if (!user || user.disabled) throw new AppError("unauthorized", "Invalid, revoked or expired API key");
  const principal: Principal = { type: "user", id: user.id, name: user.name, roles: user.roles };
  return { principal, scopes: scopesOfRoles(user.roles) };
}
