/** Fixtures of the security suite for case links (test/security/every-route.test.ts). */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { monitoringAlerts } from "../../src/db/shard";
import { systemShardDb } from "../../src/db/system-db";
import { call, json, type TestTenant } from "../harness";
import { insertAlert } from "../monitoring/alert-fixtures";

/** A fixed-id AML alert of the owner: the static POST .../links body names it. */
const LINK_TARGET_ALERT = "5ec0a1e7-0000-4000-8000-00000000a1e7";
export const linkTarget = { target: { kind: "alert", id: LINK_TARGET_ALERT }, actorId: "analyst-1" };
export const linkTargetAlert = async (owner: TestTenant) => {
  const found = await systemShardDb(env, owner.shard)
    .select({ id: monitoringAlerts.id })
    .from(monitoringAlerts)
    .where(eq(monitoringAlerts.id, LINK_TARGET_ALERT));
  if (!found.length)
    await insertAlert(owner, { id: LINK_TARGET_ALERT, kind: "aml", ruleIds: ["AML-LCT-001"] });
};

/** A link of a new case of the owner to a new alert (unlink operations). */
export async function caseLink(owner: TestTenant, base: string, caseId: string) {
  const alert = await insertAlert(owner, { kind: "aml", ruleIds: ["AML-LCT-001"] });
  const res = await call("POST", `${base}/${caseId}/links`, {
    key: owner.key,
    body: { target: { kind: "alert", id: alert.id }, actorId: "analyst-1" },
  });
  if (res.status !== 201) throw new Error(`case link fixture: ${res.status}`);
  return { caseId, linkId: (await json<{ link: { id: string } }>(res)).link.id };
}
