import { call, json, type TestTenant } from "../harness";

export const DAY = 86_400_000;
export const daysAgo = (days: number, hourUtc = 12) => {
  const d = new Date(Date.now() - days * DAY);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return new Date(Math.min(d.getTime(), Date.now() - 60_000)).toISOString();
};

export const caseBody = (fields: Record<string, unknown> = {}) => ({
  alertId: crypto.randomUUID(),
  entityType: "customer",
  entityId: crypto.randomUUID(),
  severity: "high",
  overallScore: 64,
  title: "Velocity spike",
  ...fields,
});

export async function openCase(tenant: TestTenant, fields: Record<string, unknown> = {}) {
  const res = await call("POST", "/v1/fraud/cases", { key: tenant.key, body: caseBody(fields) });
  if (res.status !== 201) throw new Error(`openCase: ${res.status} ${await res.text()}`);
  return (await json<{ case: CaseJson }>(res)).case;
}

export interface EventJson {
  id: string;
  eventType: string;
  eventSequence: number;
  previousStatus: string | null;
  newStatus: string | null;
  noteContent: string | null;
  noteType: string | null;
  hash: string;
}

export interface CaseJson {
  id: string;
  alertId: string;
  entityType: string;
  entityId: string;
  severity: string;
  overallScore: number;
  currentStatus: string;
  lastEventAt: string;
  createdAt: string;
  disclaimer: string;
  events?: EventJson[];
}

export const note = (actorId = "analyst-1", content = "Looked at it") => ({
  eventType: "note_added",
  actorType: "user",
  actorId,
  noteContent: content,
});
