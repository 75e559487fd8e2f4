import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { type Tenant, tenantContext } from "../../db/tenant-context";
import type { Env } from "../../env";
import type { AppEnv } from "../context";
import { D1_QUERIES_HEADER, instrumentation, serverTiming } from "./instrumentation";

/** A D1 binding that answers every statement with no rows and records what ran. */
function fakeD1(ran: string[]): D1Database {
  const answer =
    <T>(sql: string, result: T) =>
    async () => {
      ran.push(sql);
      return result;
    };
  const statement = (sql: string) => {
    const stmt = {
      sql,
      bind: () => stmt,
      all: answer(sql, { results: [], success: true, meta: {} }),
      run: answer(sql, { results: [], success: true, meta: {} }),
      first: answer(sql, null),
      raw: answer(sql, []),
    };
    return stmt;
  };
  return {
    prepare: statement,
    batch: async (stmts: Array<{ sql: string }>) => {
      ran.push(...stmts.map((s) => s.sql));
      return stmts.map(() => ({ results: [] }));
    },
    exec: (sql: string) => answer(sql, { count: 1, duration: 0 })(),
  } as unknown as D1Database;
}

const tenant: Tenant = {
  id: "t-1",
  name: "T",
  shard: 0,
  features: {},
  settings: { riskAlertThreshold: 40, currency: "GHS", maxWebhookSubscriptions: 20 },
};

/** The real middleware between a stand-in for authentication and a handler that uses D1. */
async function request(environment: string) {
  const ran: string[] = [];
  const env = { ENVIRONMENT: environment, SHARD_0: fakeD1(ran), CONTROL_DB: fakeD1(ran) } as unknown as Env;
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("ctx", tenantContext(c.env, tenant, "r-1"));
    await next();
  });
  app.use("*", instrumentation);
  app.get("/work", async (c) => {
    const ctx = c.get("ctx");
    const d1 = ctx.env.SHARD_0;
    await d1.prepare("SELECT 1").bind(1).all();
    await d1.batch([d1.prepare("INSERT 1"), d1.prepare("INSERT 2").bind(2)]);
    await ctx.env.CONTROL_DB.prepare("SELECT key").first();
    ctx.instrumentation?.phase("read", 12.34);
    ctx.instrumentation?.phase("write", 5);
    return c.json({ ok: true });
  });
  const res = await app.request("/work", {}, env);
  return { res, ran };
}

describe("instrumentation middleware", () => {
  it("outside production reports every D1 statement of the request and the phase timings", async () => {
    const { res, ran } = await request("development");
    expect(res.status).toBe(200);
    // one alone, two in a batch, one on CONTROL_DB: each statement that ran counts once
    expect(ran).toEqual(["SELECT 1", "INSERT 1", "INSERT 2", "SELECT key"]);
    expect(res.headers.get(D1_QUERIES_HEADER)).toBe(String(ran.length));
    expect(res.headers.get("server-timing")).toBe("read;dur=12.3, write;dur=5");
  });

  it("in production adds neither header and leaves the context as authentication built it", async () => {
    const { res, ran } = await request("production");
    expect(res.status).toBe(200);
    expect(ran).toHaveLength(4);
    expect(res.headers.get(D1_QUERIES_HEADER)).toBeNull();
    expect(res.headers.get("server-timing")).toBeNull();
  });

  it("writes Server-Timing entries in the header's syntax", () => {
    expect(
      serverTiming([
        ["bhi-read", 1.26],
        ["bhi-write", 0],
      ]),
    ).toBe("bhi-read;dur=1.3, bhi-write;dur=0");
  });
});
