import { env } from "cloudflare:workers";
import { goamlReports } from "../../src/db/shard";
import { systemShardDb } from "../../src/db/system-db";
import type { TestTenant } from "../harness";

/**
 * A submitted goAML report on an AML case, written straight to the shard: for tests about the
 * case machine that need `closed_reported` allowed (the filing itself is tested in test/goaml).
 */
export async function fileReport(tenant: TestTenant, caseId: string) {
  const at = new Date().toISOString();
  const id = crypto.randomUUID();
  await systemShardDb(env, tenant.shard)
    .insert(goamlReports)
    .values({
      id,
      tenantId: tenant.id,
      kind: "str",
      caseId,
      status: "submitted",
      reportCode: "STR",
      objectKey: `tenants/${tenant.id}/goaml/str/${id}.xml`,
      sha256: "0".repeat(64),
      sizeBytes: 0,
      transactionCount: 1,
      fiuRefNumber: "FIC-TEST-1",
      createdBy: "test",
      createdAt: at,
      updatedAt: at,
    });
  return id;
}
