/** Fixtures of the security suite for case links (test/security/every-route.test.ts). */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { monitoringAlertRules, monitoringAlerts } from "../../src/db/shard";
import { systemShardDb } from "../../src/db/system-db";
import { call, json, type TestTenant } from "../harness";
import { insertAlert } from "../monitoring/alert-fixtures";

/** A fixed-id AML alert of the owner: the static POST .../links body names it. */
const LINK_TARGET_ALERT = "5ec0a1e7-0000-4000-8000-00000000a1e7";
export const linkTarget = { target: { kind: "alert", id: LINK_TARGET_ALERT }, actorId: "analyst-1" };
export const linkTargetAlert = async (owner: TestTenant) => {
  const db = systemShardDb(env, owner.shard);
  const found = await db
    .select({ tenantId: monitoringAlerts.tenantId })
    .from(monitoringAlerts)
    .where(eq(monitoringAlerts.id, LINK_TARGET_ALERT));
  if (found[0]?.tenantId === owner.id) return;
  // Another file's owner in the same workerd may hold the fixed id: it becomes this owner's.
  if (found.length)
    await db.batch([
      db.delete(monitoringAlertRules).where(eq(monitoringAlertRules.alertId, LINK_TARGET_ALERT)),
      db.delete(monitoringAlerts).where(eq(monitoringAlerts.id, LINK_TARGET_ALERT)),
    ]);
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
