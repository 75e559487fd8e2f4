import { beforeAll, describe, expect, it } from "vitest";
import { AREAS, OPERATOR_SCOPES, type OperatorScope, type Scope } from "../../src/lib/scopes";
import { TEST_ADMIN_TOKEN } from "../constants";
import { call, createKey, createTenant, json, type TestTenant } from "../harness";
import { requestBodies, requestExtras } from "./bodies";
import { pathFixtures } from "./fixtures";

interface Operation {
  method: string;
  path: string;
  scope?: Scope | OperatorScope;
  admin: boolean;
  hasBody: boolean;
  /** Scopes checked per field, not per operation (GraphQL: docs/decisions/graphql.md, test/graphql). */
  fieldScoped: boolean;
  /** Path parameters that name tenant objects (an enum such as a resource name does not). */
  objectParams: string[];
}

/** Every operation of the live OpenAPI document: later routes are covered without edits. */
async function operations(): Promise<Operation[]> {
  const doc = await json<{ paths: Record<string, Record<string, Record<string, unknown>>> }>(
    await call("GET", "/v1/openapi.json"),
  );
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      scope: op["x-required-scope"] as Scope | OperatorScope | undefined,
      admin: JSON.stringify(op.security ?? []).includes("AdminAuth"),
      hasBody: Boolean(op.requestBody),
      fieldScoped: Boolean(op["x-field-scopes"]),
      objectParams: (
        (op.parameters ?? []) as {
          in: string;
          name: string;
          schema?: { enum?: unknown[] };
          "x-shared-catalog"?: boolean;
        }[]
      )
        .filter((p) => p.in === "path" && !p.schema?.enum && !p["x-shared-catalog"])
        .map((p) => p.name),
    })),
  );
}

const ops = await operations();
const tenantOps = ops.filter((op) => !op.admin);
const scopedOps = tenantOps.filter((op) => !op.fieldScoped);
const adminOps = ops.filter((op) => op.admin);
const withParams = tenantOps.filter((op) => op.objectParams.length > 0);
/** Reads without path parameters (lists, summaries): checked for the owner's ids after the fixtures ran. */
const listReads = tenantOps.filter((op) => op.method === "GET" && !op.path.includes("{") && !op.fieldScoped);
/** Ids of the owner's objects made by the fixtures below. */
const ownerIds = new Set<string>();
const idsIn = (text: string) => [...ownerIds].filter((id) => text.includes(id));
const filler = (path: string) => path.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000");
const bodyFor = (op: Operation) => requestBodies[`${op.method} ${op.path}`] ?? (op.hasBody ? {} : undefined);

function fixtureFor(path: string) {
  const key = Object.keys(pathFixtures)
    .filter((prefix) => path.startsWith(prefix))
    .sort((a, b) => b.length - a.length)[0];
  return key ? pathFixtures[key] : undefined;
}

let owner: TestTenant;
/**
 * Two other tenants: one on another shard (its database cannot hold the owner's rows) and one on
 * the owner's shard, where only a tenant filter keeps the owner's rows out of its answers.
 */
let others: Array<{ pair: string; tenant: TestTenant }>;

beforeAll(async () => {
  owner = await createTenant({ name: "Owner", shard: 0, features: { agentNetwork: true } });
  others = [
    {
      pair: "cross-shard",
      tenant: await createTenant({ name: "Other shard", shard: 1, features: { agentNetwork: true } }),
    },
    {
      pair: "same-shard",
      tenant: await createTenant({ name: "Same shard", shard: 0, features: { agentNetwork: true } }),
    },
  ];
  expect(others.map((o) => o.tenant.shard)).toEqual([1, owner.shard]);
});

/** API keys of the owner holding every scope but one, made once per scope. */
const keysWithout = new Map<string, Promise<string>>();
const keyWithout = (scope: string) => {
  if (!keysWithout.has(scope)) {
    const scopes = AREAS.flatMap((a) => [`${a}:read`, `${a}:write`] as Scope[]).filter((s) => s !== scope);
    keysWithout.set(
      scope,
      createKey(owner.id, scopes).then((k) => k.key),
    );
  }
  return keysWithout.get(scope)!;
};

// Refusals and reads change nothing, so their checks run side by side; the 404 checks make and
// then write the owner's objects, so they run one at a time.
describe("every tenant operation", () => {
  it("is in the document with a declared scope", () => {
    expect(tenantOps.length).toBeGreaterThan(0);
    for (const op of scopedOps)
      expect(op.scope, `${op.method} ${op.path}`).toMatch(/^([a-z]+:(read|write)|rules:publish)$/);
  });

  it.concurrent.each(tenantOps.map((op) => [`${op.method} ${op.path}`, op] as const))(
    "%s: 401 without a key",
    async (_, op) => {
      const res = await call(op.method, filler(op.path), { body: bodyFor(op) });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect((await json<{ error: { code: string } }>(res)).error.code).toBe("unauthorized");
    },
  );

  it.concurrent.each(tenantOps.map((op) => [`${op.method} ${op.path}`, op] as const))(
    "%s: 401 with a bad key",
    async (_, op) => {
      const bad = `csk_test_${"x".repeat(40)}`;
      const res = await call(op.method, filler(op.path), { key: bad, body: bodyFor(op) });
      expect(res.status).toBe(401);
    },
  );

  it.concurrent.each(scopedOps.map((op) => [`${op.method} ${op.path}`, op] as const))(
    "%s: 403 with every scope but its own",
    async (_, op) => {
      const res = await call(op.method, filler(op.path), {
        key: await keyWithout(op.scope!),
        body: bodyFor(op),
      });
      expect(res.status).toBe(403);
      expect((await json<{ error: { code: string } }>(res)).error.code).toBe("forbidden");
    },
  );

  it.each(withParams.map((op) => [`${op.method} ${op.path}`, op] as const))(
    "%s: another tenant's object is 404 (on another shard and on the same one), the owner's succeeds",
    async (_, op) => {
      const fixture = fixtureFor(op.path);
      expect(fixture, `add a pathFixtures entry for ${op.path} in test/security/fixtures.ts`).toBeDefined();
      const params = await fixture!(owner);
      // Short values (a rule-set version number) would match any text: only ids are searched for.
      for (const value of Object.values(params)) if (value.length >= 8) ownerIds.add(value);
      const extra = requestExtras[`${op.method} ${op.path}`];
      const path =
        op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => params[name] ?? "missing-fixture") +
        (extra?.query ?? "");
      const init = extra ? { body: extra.body, headers: extra.headers } : { body: bodyFor(op) };
      for (const { pair, tenant } of others) {
        const foreign = await call(op.method, path, { key: tenant.key, ...init });
        expect(foreign.status, `${pair}: ${await foreign.clone().text()}`).toBe(404);
      }
      // Last, so a write by the owner cannot hide a leak to the others.
      const own = await call(op.method, path, { key: owner.key, ...init });
      expect(own.status, await own.clone().text()).toBeLessThan(400);
    },
  );
});

describe("every tenant read without a path parameter", () => {
  let ownerSaw = 0;

  it.concurrent.each(listReads.map((op) => [`${op.method} ${op.path}`, op] as const))(
    "%s: shows another tenant none of the owner's objects",
    async (_, op) => {
      expect(ownerIds.size, "runs after the path-parameter checks made the owner's objects").toBeGreaterThan(
        5,
      );
      for (const { pair, tenant } of others) {
        const res = await call(op.method, op.path, { key: tenant.key });
        const text = await res.text();
        expect(res.status, `${pair}: ${text.slice(0, 300)}`).toBeLessThan(500);
        expect(idsIn(text), pair).toEqual([]);
      }
      ownerSaw += idsIn(await (await call(op.method, op.path, { key: owner.key })).text()).length;
    },
  );

  it("would see a leak: the owner's own lists show its objects", () => {
    expect(ownerSaw).toBeGreaterThan(5);
  });
});

/** Operator tokens holding every operator scope but one, made once per scope. */
const allBut = new Map<string, Promise<string>>();
const tokenWithout = (scope: string) => {
  if (!allBut.has(scope)) {
    const scopes = OPERATOR_SCOPES.filter((s) => s !== scope);
    allBut.set(
      scope,
      call("POST", "/admin/operator-tokens", {
        key: TEST_ADMIN_TOKEN,
        body: { name: `all but ${scope}`, scopes },
      })
        .then((res) => json<{ operatorToken: { token: string } }>(res))
        .then((body) => body.operatorToken.token),
    );
  }
  return allBut.get(scope)!;
};

describe("every operator operation", () => {
  it("names the operator scope it needs", () => {
    for (const op of adminOps) expect(OPERATOR_SCOPES, `${op.method} ${op.path}`).toContain(op.scope);
  });

  it.concurrent.each(adminOps.map((op) => [`${op.method} ${op.path}`, op] as const))(
    "%s: 403 with an operator token holding every scope but its own",
    async (_, op) => {
      const token = await tokenWithout(op.scope!);
      const res = await call(op.method, filler(op.path), { key: token, body: bodyFor(op) });
      expect(res.status).toBe(403);
      expect((await json<{ error: { code: string } }>(res)).error.code).toBe("forbidden");
    },
  );

  it.concurrent.each(adminOps.map((op) => [`${op.method} ${op.path}`, op] as const))(
    "%s: 401 without the admin token, with a wrong one, and with a tenant key",
    async (_, op) => {
      for (const key of [undefined, `${TEST_ADMIN_TOKEN}x`, owner.key]) {
        const res = await call(op.method, filler(op.path), { key, body: bodyFor(op) });
        expect(res.status).toBe(401);
      }
    },
  );
});
