import { beforeAll, describe, expect, it } from "vitest";
import { call, createTenant, json, type TestTenant } from "../harness";
import { type CaseJson, caseBody, type EventJson, note, openCase } from "./helpers";

let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ shard: 0 });
});

const post = (path: string, body: unknown) => call("POST", path, { key: t.key, body });
const get = (path: string) => call("GET", path, { key: t.key });
const errorCode = async (res: Response) => (await json<{ error: { code: string } }>(res)).error.code;

describe("POST /v1/fraud/cases", () => {
  it("201: an open case whose event 1 is created", async () => {
    const res = await post("/v1/fraud/cases", caseBody({ summary: "Three near-threshold deposits" }));
    expect(res.status).toBe(201);
    const body = await json<{ case: CaseJson; disclaimer: string }>(res);
    expect(body.case.currentStatus).toBe("open");
    expect(body.case.lastEventAt).toBe(body.case.createdAt);
    expect(body.disclaimer).toBeTruthy();
    const full = await json<{ case: CaseJson }>(await get(`/v1/fraud/cases/${body.case.id}`));
    expect(full.case.events?.map((e) => [e.eventSequence, e.eventType, e.newStatus])).toEqual([
      [1, "created", "open"],
    ]);
  });

  it("409 for an alertId that already has a case", async () => {
    const alertId = crypto.randomUUID();
    expect((await post("/v1/fraud/cases", caseBody({ alertId }))).status).toBe(201);
    const again = await post("/v1/fraud/cases", caseBody({ alertId }));
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe("conflict");
  });

  it("400 on invalid input, one detail per bad field", async () => {
    const res = await post("/v1/fraud/cases", {
      alertId: "nope",
      entityType: "customer",
      entityId: "x",
      severity: "extreme",
      overallScore: 101,
    });
    expect(res.status).toBe(400);
    const paths = (await json<{ error: { details: Array<{ path: string }> } }>(res)).error.details.map(
      (d) => d.path,
    );
    expect(paths).toEqual(expect.arrayContaining(["alertId", "severity", "overallScore"]));
    expect((await post("/v1/fraud/cases", { ...caseBody(), eventSequence: 5 })).status).toBe(400);
  });
});

describe("case events", () => {
  it("status, notes and events append with sequences 2, 3, 4 and move the projection", async () => {
    const c = await openCase(t);
    const status = await post(`/v1/fraud/cases/${c.id}/status`, {
      newStatus: "under_review",
      actorId: "a1",
      actorName: "Ama",
    });
    expect(status.status).toBe(200);
    const changed = (await json<{ event: EventJson }>(status)).event;
    expect(changed).toMatchObject({
      eventType: "status_changed",
      eventSequence: 2,
      previousStatus: "open",
      newStatus: "under_review",
    });

    const noteRes = await post(`/v1/fraud/cases/${c.id}/notes`, {
      content: "Called the customer",
      actorId: "a1",
    });
    expect(noteRes.status).toBe(201);
    expect((await json<{ event: EventJson }>(noteRes)).event).toMatchObject({
      eventType: "note_added",
      eventSequence: 3,
      noteType: "review",
    });

    const assigned = await post(`/v1/fraud/cases/${c.id}/events`, {
      eventType: "assigned",
      actorType: "user",
      actorId: "a1",
      assigneeId: "u9",
    });
    expect(assigned.status).toBe(201);
    const closed = await post(`/v1/fraud/cases/${c.id}/events`, {
      eventType: "closed",
      actorType: "user",
      actorId: "a1",
      newStatus: "closed_cleared",
      resolution: { outcome: "legitimate payroll" },
    });
    expect((await json<{ event: EventJson }>(closed)).event.eventSequence).toBe(5);

    const after = await json<{ case: CaseJson }>(await get(`/v1/fraud/cases/${c.id}`));
    expect(after.case.currentStatus).toBe("closed_cleared");
    expect(after.case.events?.map((e) => e.eventSequence)).toEqual([1, 2, 3, 4, 5]);
    expect(after.case.lastEventAt >= after.case.createdAt).toBe(true);

    const page = await json<{ data: EventJson[]; total: number; hasMore: boolean; caseId: string }>(
      await get(`/v1/fraud/cases/${c.id}/events?limit=2&offset=2`),
    );
    expect(page).toMatchObject({ total: 5, hasMore: true, caseId: c.id });
    expect(page.data.map((e) => e.eventSequence)).toEqual([3, 4]);
  });

  it("refuses moves the state machine forbids (400 invalid_transition), including to the same status", async () => {
    const c = await openCase(t);
    const same = await post(`/v1/fraud/cases/${c.id}/status`, { newStatus: "open", actorId: "a1" });
    expect(same.status).toBe(400);
    expect(await errorCode(same)).toBe("invalid_transition");
    await post(`/v1/fraud/cases/${c.id}/status`, { newStatus: "closed_reported", actorId: "a1" });
    const reopen = await post(`/v1/fraud/cases/${c.id}/status`, { newStatus: "under_review", actorId: "a1" });
    expect(await errorCode(reopen)).toBe("invalid_transition");
    // A closed case still takes notes.
    expect(
      (
        await post(`/v1/fraud/cases/${c.id}/notes`, {
          content: "STR filed",
          actorId: "a1",
          noteType: "decision",
        })
      ).status,
    ).toBe(201);
    const events = await json<{ data: EventJson[] }>(await get(`/v1/fraud/cases/${c.id}/events`));
    expect(events.data.map((e) => e.eventSequence)).toEqual([1, 2, 3]);
  });

  it("enforces event-type requirements", async () => {
    const c = await openCase(t);
    const bad = [
      { eventType: "status_changed", actorType: "user", actorId: "a" },
      { eventType: "closed", actorType: "user", actorId: "a", newStatus: "escalated" },
      { eventType: "assigned", actorType: "user", actorId: "a" },
      { eventType: "note_added", actorType: "user", actorId: "a" },
      { eventType: "evidence_added", actorType: "user", actorId: "a" },
      { eventType: "created", actorType: "user", actorId: "a" },
      { eventType: "note_added", actorType: "robot", actorId: "a", noteContent: "x" },
    ];
    for (const body of bad)
      expect((await post(`/v1/fraud/cases/${c.id}/events`, body)).status, JSON.stringify(body)).toBe(400);
    const escalated = await post(`/v1/fraud/cases/${c.id}/events`, {
      eventType: "escalated",
      actorType: "user",
      actorId: "a1",
    });
    expect((await json<{ event: EventJson }>(escalated)).event.newStatus).toBe("escalated");
    const evidence = await post(`/v1/fraud/cases/${c.id}/events`, {
      eventType: "evidence_added",
      actorType: "user",
      actorId: "a",
      evidenceType: "bank_statement",
      evidenceReference: { fileId: "f-1" },
    });
    expect(evidence.status).toBe(201);
    // Refused requests appended nothing: the sequence stays gapless.
    const events = await json<{ data: EventJson[] }>(await get(`/v1/fraud/cases/${c.id}/events`));
    expect(events.data.map((e) => e.eventSequence)).toEqual([1, 2, 3]);
  });

  it("states each event type's required fields in the document, and a missing one is a 400 naming it", async () => {
    const doc = await json<{
      components: {
        schemas: Record<string, { required?: string[]; oneOf?: unknown[]; discriminator?: unknown }>;
      };
    }>(await call("GET", "/v1/openapi.json"));
    const schemas = doc.components.schemas;
    expect(schemas.FraudCaseEventRequest.discriminator).toMatchObject({ propertyName: "eventType" });
    const needs: Record<string, string> = {
      FraudCaseStatusChangedEventRequest: "newStatus",
      FraudCaseAssignedEventRequest: "assigneeId",
      FraudCaseNoteAddedEventRequest: "noteContent",
      FraudCaseEvidenceAddedEventRequest: "evidenceType",
      FraudCaseClosedEventRequest: "newStatus",
    };
    for (const [name, field] of Object.entries(needs)) expect(schemas[name].required, name).toContain(field);

    const c = await openCase(t);
    const missing: Array<[string, string]> = [
      ["status_changed", "newStatus"],
      ["assigned", "assigneeId"],
      ["note_added", "noteContent"],
      ["evidence_added", "evidenceType"],
      ["closed", "newStatus"],
    ];
    for (const [eventType, field] of missing) {
      const res = await post(`/v1/fraud/cases/${c.id}/events`, {
        eventType,
        actorType: "user",
        actorId: "a",
      });
      expect(res.status, eventType).toBe(400);
      const body = await json<{ error: { details: { path: string }[] } }>(res);
      expect(
        body.error.details.map((d) => d.path),
        eventType,
      ).toContain(field);
    }
    // newStatus on an event that does not change status is an unknown field for that type.
    const stray = await post(`/v1/fraud/cases/${c.id}/events`, {
      eventType: "assigned",
      actorType: "user",
      actorId: "a",
      assigneeId: "u-1",
      newStatus: "under_review",
    });
    expect(stray.status).toBe(400);
  });

  it("404 for an absent case on every case operation", async () => {
    const id = crypto.randomUUID();
    expect((await get(`/v1/fraud/cases/${id}`)).status).toBe(404);
    expect((await get(`/v1/fraud/cases/${id}/events`)).status).toBe(404);
    expect((await get(`/v1/fraud/cases/${id}/verify`)).status).toBe(404);
    expect((await post(`/v1/fraud/cases/${id}/events`, note())).status).toBe(404);
    expect(
      (await post(`/v1/fraud/cases/${id}/status`, { newStatus: "under_review", actorId: "a" })).status,
    ).toBe(404);
    expect((await post(`/v1/fraud/cases/${id}/notes`, { content: "x", actorId: "a" })).status).toBe(404);
  });
});

describe("list and stats", () => {
  let s: TestTenant;
  const list = async (query: string) =>
    json<{
      data: CaseJson[];
      total: number;
      hasMore: boolean;
      limit: number;
      offset: number;
      disclaimer: string;
    }>(await call("GET", `/v1/fraud/cases${query}`, { key: s.key }));

  beforeAll(async () => {
    s = await createTenant({ shard: 1 });
    await openCase(s, { severity: "low", overallScore: 10, entityType: "merchant", entityId: "Shop A" });
    await openCase(s, { severity: "medium", overallScore: 40, entityType: "customer", entityId: "c-1" });
    const high = await openCase(s, {
      severity: "high",
      overallScore: 70,
      entityType: "customer",
      entityId: "c-2",
    });
    await openCase(s, { severity: "critical", overallScore: 95, entityType: "account", entityId: "a-1" });
    await call("POST", `/v1/fraud/cases/${high.id}/status`, {
      key: s.key,
      body: { newStatus: "closed_suspicious", actorId: "a" },
    });
  });

  it("filters by comma lists, score range, entity and dates, newest first", async () => {
    expect((await list("")).data.map((c) => c.overallScore)).toEqual([95, 70, 40, 10]);
    expect((await list("?severity=low,critical")).data.map((c) => c.severity)).toEqual(["critical", "low"]);
    expect((await list("?status=closed_suspicious")).data.map((c) => c.overallScore)).toEqual([70]);
    expect((await list("?status=open,under_review")).total).toBe(3);
    expect((await list("?minScore=40&maxScore=70")).data.map((c) => c.overallScore)).toEqual([70, 40]);
    expect((await list("?entityType=customer&entityId=c-1")).total).toBe(1);
    expect((await list("?startDate=2000-01-01T00:00:00Z&endDate=2000-12-31T00:00:00Z")).total).toBe(0);
    expect(
      (await list(`?startDate=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`)).total,
    ).toBe(4);
  });

  it("lists each case exactly as GET shows it (no column of one table read as another's)", async () => {
    const { data } = await list("");
    expect(data.length).toBe(4);
    for (const listed of data) {
      const one = await json<{ case: CaseJson }>(
        await call("GET", `/v1/fraud/cases/${listed.id}`, { key: s.key }),
      );
      const { events: _events, ...expected } = one.case;
      expect(listed).toEqual(expected);
    }
    expect((await list("?status=closed_suspicious")).data.map((c) => c.currentStatus)).toEqual([
      "closed_suspicious",
    ]);
  });

  it("pages with total, limit, offset, hasMore at the top level", async () => {
    const page = await list("?limit=3&offset=0");
    expect(page).toMatchObject({ total: 4, limit: 3, offset: 0, hasMore: true });
    expect((await list("?limit=3&offset=3")).hasMore).toBe(false);
    expect(page.disclaimer).toBeTruthy();
  });

  it("400 on unknown list values and inverted ranges", async () => {
    for (const q of ["?severity=low,extreme", "?status=done", "?minScore=80&maxScore=20", "?limit=501"]) {
      expect((await call("GET", `/v1/fraud/cases${q}`, { key: s.key })).status, q).toBe(400);
    }
  });

  it("stats count by status, severity and entity type", async () => {
    const { stats } = await json<{ stats: Record<string, unknown> }>(
      await call("GET", "/v1/fraud/cases/stats", { key: s.key }),
    );
    expect(stats).toMatchObject({
      total: 4,
      openCount: 3,
      criticalCount: 1,
      avgScore: 53.75,
      bySeverity: { low: 1, medium: 1, high: 1, critical: 1 },
      byEntityType: { merchant: 1, customer: 2, account: 1, agent: 0 },
    });
    expect((stats.byStatus as Record<string, number>).open).toBe(3);
    expect((stats.byStatus as Record<string, number>).closed_suspicious).toBe(1);
  });
});
