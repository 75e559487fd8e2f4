import { beforeAll, describe, expect, it } from "vitest";
import { REPLAYED_HEADER } from "../../src/http/middleware/idempotency";
import { call, createTenant, json, type TestTenant } from "../harness";
import { requestBodies, requestExtras } from "../security/bodies";
import { pathFixtures } from "../security/fixtures";

/**
 * Every creating POST of the live document (each one that takes Idempotency-Key), retried with the
 * same key by the owner: the retry is the stored first answer (same status and body, marked
 * replayed), so the work is done once. New POSTs are covered without edits; the fixtures and
 * bodies are the security suite's.
 */
interface Post {
  path: string;
  operationId: string;
  /** Path parameters that are an enum (a resource name), not a tenant object: the first value. */
  enums: Record<string, string>;
}

const doc = await json<{
  paths: Record<
    string,
    Record<
      string,
      { operationId: string; parameters?: { in: string; name: string; schema?: { enum?: string[] } }[] }
    >
  >;
}>(await call("GET", "/v1/openapi.json"));
const posts: Post[] = Object.entries(doc.paths).flatMap(([path, item]) => {
  const op = item.post;
  const takesKey = op?.parameters?.some((p) => p.in === "header" && p.name === "Idempotency-Key");
  const enums = Object.fromEntries(
    (op?.parameters ?? [])
      .filter((p) => p.in === "path" && p.schema?.enum)
      .map((p) => [p.name, p.schema!.enum![0]]),
  );
  return op && takesKey && !path.startsWith("/admin") ? [{ path, operationId: op.operationId, enums }] : [];
});

function fixtureFor(path: string) {
  const key = Object.keys(pathFixtures)
    .filter((prefix) => path.startsWith(prefix))
    .sort((a, b) => b.length - a.length)[0];
  return key ? pathFixtures[key] : undefined;
}

let owner: TestTenant;
const succeeded: string[] = [];

beforeAll(async () => {
  owner = await createTenant({ name: "Retrier", shard: 0, features: { agentNetwork: true } });
});

describe("a retried creating POST with the same Idempotency-Key", () => {
  it.each(posts.map((p) => [p.operationId, p] as const))(
    "%s: answers the first response again",
    async (_, post) => {
      const fixture = fixtureFor(post.path);
      const params: Record<string, string> = { ...post.enums, ...(fixture ? await fixture(owner) : {}) };
      const extra = requestExtras[`POST ${post.path}`];
      const path =
        post.path.replace(/\{([^}]+)\}/g, (_m, name: string) => params[name]) + (extra?.query ?? "");
      const key = crypto.randomUUID();
      // Read once: some bodies are made fresh on each read (a unique email), and a retry resends.
      const body = extra ? extra.body : (requestBodies[`POST ${post.path}`] ?? {});
      const send = () =>
        call("POST", path, {
          key: owner.key,
          body,
          headers: { ...extra?.headers, "idempotency-key": key },
        });
      const first = await send();
      const firstBody = await first.text();
      expect(first.status, firstBody.slice(0, 300)).toBeLessThan(500);
      const retry = await send();
      expect(retry.status).toBe(first.status);
      expect(retry.headers.get(REPLAYED_HEADER)).toBe("true");
      expect(await retry.text()).toBe(firstBody);
      if (first.status < 300) succeeded.push(post.operationId);
    },
  );

  it("most of them did real work the first time (the replays above are of successes)", () => {
    expect(posts.length).toBeGreaterThan(30);
    expect(succeeded.length).toBeGreaterThan(posts.length / 2);
  });
});
