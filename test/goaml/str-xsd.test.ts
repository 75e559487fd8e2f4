import { beforeAll, describe, expect, inject, it } from "vitest";
import { ago } from "../aml/helpers";
import { call, createTenant, json, type TestTenant } from "../harness";
import { KYC_SUBJECT } from "./demo";
import { demoCustomer, largeCashCase, type ReportBody, setUpGoaml, sha256 } from "./helpers";

let t: TestTenant;
let other: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "goAML XSD" });
  other = await createTenant({ name: "goAML XSD other" });
  await setUpGoaml(t);
});

/** libxml2's verdict on these exact bytes against goAMLSchema.xsd (test/goaml/xsd.global.ts, in Node). */
async function xsdVerdict(bytes: ArrayBuffer | string) {
  const res = await fetch(`http://127.0.0.1:${inject("xsdValidatorPort")}/validate`, {
    method: "POST",
    body: bytes,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { valid: boolean; errors: string[] };
}

describe("goAML STR as served", () => {
  it("KYC facts read back as entered (404 before any, and for another tenant)", async () => {
    const { customerId } = await demoCustomer(t, [
      { amountMinor: 6_000_000, transactionDate: ago(2), channel: "cash" },
    ]);
    const path = `/v1/goaml/subjects/${customerId}`;
    expect((await call("GET", path, { key: t.key })).status).toBe(404);
    const put = await json<{ updatedAt: string }>(
      await call("PUT", path, { key: t.key, body: { subject: KYC_SUBJECT } }),
    );
    const read = await json<{ customerId: string; subject: unknown; updatedAt: string }>(
      await call("GET", path, { key: t.key }),
    );
    expect(read).toEqual({ success: true, customerId, subject: KYC_SUBJECT, updatedAt: put.updatedAt });
    expect((await call("GET", path, { key: other.key })).status).toBe(404);
  });

  it("the stored bytes GET .../xml serves validate against goAMLSchema.xsd (libxml2)", async () => {
    const { customerId, caseId } = await largeCashCase(t);
    await call("PUT", `/v1/goaml/subjects/${customerId}`, { key: t.key, body: { subject: KYC_SUBJECT } });
    const generated = await call("POST", `/v1/kyc-aml/cases/${caseId}/reports`, {
      key: t.key,
      body: { narrative: "Two large cash deposits followed by a transfer out.", actorId: "analyst-1" },
    });
    expect(generated.status, await generated.clone().text()).toBe(201);
    const { report } = await json<ReportBody>(generated);

    const served = await call("GET", `/v1/goaml/reports/${report.id}/xml`, { key: t.key });
    const bytes = await served.arrayBuffer();
    // What is validated is what was stored: the served bytes hash to the report's recorded SHA-256.
    expect(await sha256(new TextDecoder().decode(bytes))).toBe(report.sha256);
    const verdict = await xsdVerdict(bytes);
    expect(verdict.errors).toEqual([]);
    expect(verdict.valid).toBe(true);

    // The validator can say no: the same bytes without the mandatory <rentity_id> are refused.
    const broken = new TextDecoder().decode(bytes).replace(/<rentity_id>\d+<\/rentity_id>/, "");
    const refused = await xsdVerdict(broken);
    expect(refused.valid).toBe(false);
    expect(refused.errors.join("\n")).toMatch(/rentity/);
  });
});
