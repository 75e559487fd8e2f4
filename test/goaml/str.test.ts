import { beforeAll, describe, expect, it } from "vitest";
import { ago } from "../aml/helpers";
import { call, createTenant, json, shardRows, type TestTenant } from "../harness";
import { publish, putDraft } from "../rules/helpers";
import { KYC_SUBJECT, REPORTING_ENTITY } from "./demo";
import { demoCustomer, type ErrorBody, largeCashCase, type ReportBody, setUpGoaml, sha256 } from "./helpers";

let t: TestTenant;
let other: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "goAML STR" });
  other = await createTenant({ name: "goAML other" });
  await setUpGoaml(t);
});

const demoCase = () => largeCashCase(t);

const NARRATIVE =
  "Two large cash deposits within two days followed by a transfer of GHS 95,000.00 to a third party.";
const generate = (caseId: string, body: Record<string, unknown> = {}, key = t.key) =>
  call("POST", `/v1/kyc-aml/cases/${caseId}/reports`, {
    key,
    body: { narrative: NARRATIVE, actorId: "analyst-1", ...body },
  });
const setStatus = (reportId: string, body: Record<string, unknown>, key = t.key) =>
  call("POST", `/v1/goaml/reports/${reportId}/status`, { key, body: { actorId: "analyst-1", ...body } });
const move = (caseId: string, toStatus: string) =>
  call("POST", `/v1/kyc-aml/cases/${caseId}/transition`, {
    key: t.key,
    body: { toStatus, actorId: "analyst-1" },
  });

describe("STR from an AML case", () => {
  it("is refused when KYC facts goAML requires are missing, naming them, and nothing is stored", async () => {
    const { caseId } = await demoCase();
    const res = await generate(caseId);
    expect(res.status).toBe(400);
    const { error } = await json<ErrorBody>(res);
    const named = (error.details ?? []).map((d) => `${d.path}: ${d.message}`).join("\n");
    for (const field of ["gender", "birthdate", "id_number", "nationality1", "identification"])
      expect(named).toContain(field);
    const listed = await json<{ data: unknown[] }>(
      await call("GET", `/v1/kyc-aml/cases/${caseId}/reports`, { key: t.key }),
    );
    expect(listed.data).toEqual([]);
    expect(await shardRows(t, "SELECT id FROM goaml_reports WHERE case_id = ?", caseId)).toEqual([]);
  });

  it("builds, stores, lists and downloads a valid STR with the case's transactions, logged on the case", async () => {
    const { caseId, customerId, rows } = await demoCase();
    expect(
      (await call("PUT", `/v1/goaml/subjects/${customerId}`, { key: t.key, body: { subject: KYC_SUBJECT } }))
        .status,
    ).toBe(200);
    const res = await generate(caseId, { action: "Account under enhanced monitoring." });
    expect(res.status, await res.clone().text()).toBe(201);
    const { report } = await json<ReportBody>(res);
    expect(report).toMatchObject({ kind: "str", caseId, status: "draft", transactionCount: 3 });

    const xmlRes = await call("GET", `/v1/goaml/reports/${report.id}/xml`, { key: t.key });
    expect(xmlRes.status).toBe(200);
    expect(xmlRes.headers.get("content-type")).toMatch(/^application\/xml/);
    expect(xmlRes.headers.get("content-disposition")).toMatch(/^attachment; filename="goaml-str-/);
    const xml = await xmlRes.text();
    expect(await sha256(xml)).toBe(report.sha256);
    const log = await json<{
      data: Array<{ actor: { id: string }; target: { id: string }; after: unknown }>;
    }>(await call("GET", "/v1/audit-log?action=goaml.report_downloaded", { key: t.key }));
    expect(log.data.find((e) => e.target.id === report.id)).toMatchObject({
      actor: { id: t.keyId },
      target: { type: "goaml_report", id: report.id },
      after: { kind: "str", sha256: report.sha256 },
    });
    expect(xml).toContain(`<entity_reference>${caseId}</entity_reference>`);
    expect(xml).toContain("<rentity_id>1047</rentity_id>");
    expect(xml).toContain(NARRATIVE);
    expect(xml).toContain("<indicator>FRQDW</indicator>"); // AML-LCT-001 through the Ghana profile
    // Newest first; each amount in cedis; the client is the holder with the KYC facts.
    const numbers = [...xml.matchAll(/<transactionnumber>([^<]+)</g)].map((m) => m[1]);
    expect(numbers).toEqual([...rows].reverse().map((r) => r.externalId));
    for (const r of rows)
      expect(xml).toContain(`<amount_local>${(r.amountMinor / 100).toFixed(2)}</amount_local>`);
    expect(xml).toContain("<birthdate>1984-06-12T00:00:00</birthdate>");
    expect(xml).toContain("<tax_number>P0012345678</tax_number>");

    const listed = await json<{ data: Array<{ id: string }> }>(
      await call("GET", `/v1/kyc-aml/cases/${caseId}/reports`, { key: t.key }),
    );
    expect(listed.data.map((r) => r.id)).toEqual([report.id]);
    const got = await json<{
      case: { history: Array<{ eventType: string; toStatus: string }>; chainValid: boolean };
    }>(await call("GET", `/v1/kyc-aml/cases/${caseId}`, { key: t.key }));
    expect(got.case.history.at(-1)).toMatchObject({ eventType: "report_generated", toStatus: "open" });
    expect(got.case.chainValid).toBe(true);
    const events = await shardRows<{ type: string }>(
      t,
      "SELECT type FROM events WHERE tenant_id = ? AND type LIKE 'goaml.%' AND json_extract(data, '$.reportId') = ?",
      t.id,
      report.id,
    );
    expect(events.map((e) => e.type)).toEqual(["goaml.report_generated"]);
  });

  it("goes draft -> submitted -> rejected, is resubmitted with prev_rejected_ref_number, and closes the case as reported", async () => {
    const { caseId } = await demoCase();
    const first = (await json<ReportBody>(await generate(caseId, { subject: KYC_SUBJECT }))).report;
    expect((await move(caseId, "under_investigation")).status).toBe(200);
    const refused = await move(caseId, "closed_reported");
    expect(refused.status).toBe(409); // a draft is not on file
    expect((await json<ErrorBody>(refused)).error.details?.[0].path).toBe("toStatus");

    const noRef = await setStatus(first.id, { status: "submitted" });
    expect(noRef.status).toBe(400);
    expect((await json<ErrorBody>(noRef)).error.details?.[0].path).toBe("fiuRefNumber");
    expect((await setStatus(first.id, { status: "accepted" })).status).toBe(400); // draft cannot be accepted
    expect((await setStatus(first.id, { status: "submitted", fiuRefNumber: "FIC-2026-000417" })).status).toBe(
      200,
    );
    const rejected = await setStatus(first.id, { status: "rejected", note: "Missing occupation" });
    expect(rejected.status).toBe(200);
    expect((await json<ReportBody>(rejected)).report.history.map((h) => h.toStatus)).toEqual([
      "draft",
      "submitted",
      "rejected",
    ]);

    const second = await generate(caseId, { subject: KYC_SUBJECT, resubmissionOf: first.id });
    expect(second.status).toBe(201);
    const replacement = (await json<ReportBody>(second)).report;
    expect(replacement.prevRejectedRefNumber).toBe("FIC-2026-000417");
    const xml = await (await call("GET", `/v1/goaml/reports/${replacement.id}/xml`, { key: t.key })).text();
    expect(xml).toContain("<prev_rejected_ref_number>FIC-2026-000417</prev_rejected_ref_number>");
    expect((await generate(caseId, { subject: KYC_SUBJECT, resubmissionOf: first.id })).status).toBe(409);

    expect(
      (await setStatus(replacement.id, { status: "submitted", fiuRefNumber: "FIC-2026-000502" })).status,
    ).toBe(200);
    const closed = await move(caseId, "closed_reported");
    expect(closed.status, await closed.clone().text()).toBe(200);
    const got = await json<{ case: { history: Array<{ eventType: string }>; chainValid: boolean } }>(
      await call("GET", `/v1/kyc-aml/cases/${caseId}`, { key: t.key }),
    );
    expect(got.case.history.map((h) => h.eventType)).toEqual([
      "created",
      "report_generated",
      "transitioned",
      "report_submitted",
      "report_rejected",
      "report_generated",
      "report_submitted",
      "transitioned",
    ]);
    expect(got.case.chainValid).toBe(true);
  });

  it("answers 404 for another tenant's case and report", async () => {
    const { caseId } = await demoCase();
    const { report } = await json<ReportBody>(await generate(caseId, { subject: KYC_SUBJECT }));
    for (const [method, path, body] of [
      ["GET", `/v1/goaml/reports/${report.id}`, undefined],
      ["GET", `/v1/goaml/reports/${report.id}/xml`, undefined],
      [
        "POST",
        `/v1/goaml/reports/${report.id}/status`,
        { status: "submitted", fiuRefNumber: "X", actorId: "a" },
      ],
      ["GET", `/v1/kyc-aml/cases/${caseId}/reports`, undefined],
      ["POST", `/v1/kyc-aml/cases/${caseId}/reports`, { narrative: "x", actorId: "a" }],
    ] as const)
      expect((await call(method, path, { key: other.key, body })).status, `${method} ${path}`).toBe(404);
  });
});

describe("FIU profile", () => {
  it("is the Ghana default until stored, and a bad profile is a 400 naming the field", async () => {
    const fresh = await json<{
      isDefault: boolean;
      reportingEntity: unknown;
      profile: { ctr: { thresholdMinor: number } };
    }>(await call("GET", "/v1/goaml/profile", { key: other.key }));
    expect(fresh).toMatchObject({
      isDefault: true,
      reportingEntity: null,
      profile: { ctr: { thresholdMinor: 5_000_000 } },
    });
    const bad = structuredClone(fresh.profile) as unknown as Record<string, unknown> & {
      channels: Record<string, { fundsCode: string }>;
    };
    bad.channels.cash.fundsCode = "NOPE";
    const res = await call("PUT", "/v1/goaml/profile", {
      key: other.key,
      body: { profile: bad, reportingEntity: null },
    });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).error.details?.map((d) => d.path)).toContain(
      "profile.channels.cash.fundsCode",
    );
  });
});

describe("STR from a case a custom rule opened", () => {
  it("maps the custom rule to an indicator and keeps the counterparty's account", async () => {
    const u = await createTenant({ name: "goAML custom rule" });
    const custom = {
      ruleId: "two_large",
      name: "Two large credits",
      enabled: true,
      appliesTo: ["customer"],
      severity: "high",
      score: 50,
      typology: "large_cash",
      reason: "Two or more credits of 50,000 or more in 7 days",
      counterfactual: "Would not fire with fewer than two such credits",
      condition: {
        op: "compare",
        aggregate: { fn: "count", windowDays: 7, filter: { types: ["credit"], amountMin: 50_000 } },
        comparator: ">=",
        to: { value: 2 },
      },
    };
    expect((await putDraft(u.key, "aml", { custom: [custom] })).status).toBe(200);
    expect((await publish(u.key, "aml")).status).toBe(200);
    await setUpGoaml(u);
    const { profile } = await json<{ profile: { indicatorMap: { amlRules: Record<string, string[]> } } }>(
      await call("GET", "/v1/goaml/profile", { key: u.key }),
    );
    const withMap = (amlRules: Record<string, string[]>) =>
      call("PUT", "/v1/goaml/profile", {
        key: u.key,
        body: {
          profile: { ...profile, indicatorMap: { ...profile.indicatorMap, amlRules } },
          reportingEntity: REPORTING_ENTITY,
        },
      });
    const refused = await withMap({ ...profile.indicatorMap.amlRules, not_a_rule: ["ML002"] });
    expect(refused.status).toBe(400);
    expect((await json<ErrorBody>(refused)).error.details?.map((d) => d.path)).toEqual([
      "profile.indicatorMap.amlRules.not_a_rule",
    ]);
    expect((await withMap({ ...profile.indicatorMap.amlRules, two_large: ["ML002"] })).status).toBe(200);

    const { customerId } = await demoCustomer(u, [
      { amountMinor: 6_000_000, transactionDate: ago(3), channel: "cash" },
      { amountMinor: 5_500_000, transactionDate: ago(2), channel: "cash" },
      {
        amountMinor: 9_500_000,
        transactionDate: ago(1),
        type: "debit",
        channel: "transfer",
        counterpartyName: "Esi Boateng Enterprise",
        counterpartyAccount: "0244-555-0101",
        counterpartyCountry: "GH",
      },
    ]);
    await call("PUT", `/v1/goaml/subjects/${customerId}`, { key: u.key, body: { subject: KYC_SUBJECT } });
    const evaluated = await json<{ result: { cases: Array<{ caseId: string; ruleId: string }> } }>(
      await call("POST", "/v1/kyc-aml/evaluate", {
        key: u.key,
        body: { entityType: "customer", entityId: customerId, ruleIds: ["two_large"] },
      }),
    );
    const caseId = evaluated.result.cases.find((c) => c.ruleId === "two_large")!.caseId;
    const res = await generate(caseId, {}, u.key);
    expect(res.status, await res.clone().text()).toBe(201);
    const { report } = await json<ReportBody>(res);
    const xml = await (await call("GET", `/v1/goaml/reports/${report.id}/xml`, { key: u.key })).text();
    expect([...xml.matchAll(/<indicator>([^<]+)</g)].map((m) => m[1])).toEqual(["ML002"]);
    expect(xml).toContain("<name>Esi Boateng Enterprise</name>");
    expect(xml).toContain("<comments>Account number: 0244-555-0101</comments>");
  });
});
