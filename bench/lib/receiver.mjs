// A local webhook receiver on 127.0.0.1 that verifies every delivery the way a subscriber
// would: X-Service-Signature with @octokit/webhooks-methods, webhook-signature with the
// standardwebhooks package (which also refuses timestamps older than 5 minutes).
import { createServer } from "node:http";
import { verify as verifyServiceSignature } from "@octokit/webhooks-methods";
import { Webhook } from "standardwebhooks";

/**
 * `behave(route, eventId, nthRequestForThisEvent)` returns the status to answer.
 * `secrets[route]` is the subscription secret for that route (set after registration).
 */
export async function startReceiver(behave = () => 200) {
  const secrets = {};
  const requests = []; // { route, eventId, status, at, verified, error, type, body }
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      const at = Date.now();
      const body = Buffer.concat(chunks).toString("utf8");
      const route = (req.url ?? "/").split("/")[1] ?? "";
      const eventId = req.headers["webhook-id"];
      let verified = false;
      let error = null;
      try {
        const secret = secrets[route];
        if (!secret) throw new Error(`no secret for route ${route}`);
        // During a rotation X-Service-Signature is made with the new secret and
        // X-Service-Signature-Previous with the old one: a receiver holding either verifies.
        const candidates = [req.headers["x-service-signature"], req.headers["x-service-signature-previous"]];
        let serviceOk = false;
        for (const header of candidates.filter(Boolean)) {
          if (await verifyServiceSignature(secret, body, header)) serviceOk = true;
        }
        if (!serviceOk) throw new Error("X-Service-Signature does not verify");
        const payload = new Webhook(secret).verify(body, req.headers);
        if (payload.id !== eventId || req.headers["x-idempotency-key"] !== eventId) {
          throw new Error("event id, webhook-id and X-Idempotency-Key disagree");
        }
        verified = true;
      } catch (err) {
        error = String(err?.message ?? err);
      }
      const nth = requests.filter((r) => r.route === route && r.eventId === eventId).length + 1;
      const status = verified ? behave(route, eventId, nth) : 400;
      requests.push({
        route,
        eventId,
        status,
        at,
        verified,
        error,
        type: req.headers["x-service-event"],
        body,
      });
      res.writeHead(status, { "content-type": "text/plain" }).end(verified ? "ok" : error);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  return {
    base,
    secrets,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Inserts `events` rows straight into the tenant's shard (what a capability's batch does). */
export async function insertEvents(db, tenantId, events) {
  for (let i = 0; i < events.length; i += 500) {
    await db
      .prepare(
        `INSERT INTO events (id, tenant_id, type, data, created_at)
         SELECT value->>'id', ?1, value->>'type', json(value->>'data'), value->>'createdAt' FROM json_each(?2)`,
      )
      .bind(
        tenantId,
        JSON.stringify(events.slice(i, i + 500).map((e) => ({ ...e, data: JSON.stringify(e.data) }))),
      )
      .run();
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function until(check, { timeoutMs = 60_000, everyMs = 200 } = {}) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(everyMs);
  }
  return false;
}
