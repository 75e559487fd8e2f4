import { expect } from "vitest";
import { call, json, type TestTenant } from "../harness";

export interface ListBody {
  listId: string;
  name: string;
  kind: string;
  entryType: string;
  description: string | null;
  entryCount: number;
  active: boolean;
  createdBy: string;
  archivedAt: string | null;
}

export interface EntryBody {
  entryId: string;
  value: string;
  originalValue: string;
  entityType: string | null;
  entityId: string | null;
  ruleId: string | null;
  expiresAt: string | null;
  expired: boolean;
}

export interface Page<T> {
  data: T[];
  pagination: { total: number; limit: number; offset: number; hasMore: boolean; nextCursor: string | null };
}

export async function createList(t: TestTenant, body: Record<string, unknown>): Promise<ListBody> {
  const res = await call("POST", "/v1/lists", { key: t.key, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ list: ListBody }>(res)).list;
}

export async function addEntries(t: TestTenant, listId: string, entries: Record<string, unknown>[]) {
  const res = await call("POST", `/v1/lists/${listId}/entries`, { key: t.key, body: { entries } });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<{ added: EntryBody[]; existing: EntryBody[] }>(res);
}

export const getPage = async <T>(t: TestTenant, path: string) => {
  const res = await call("GET", path, { key: t.key });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<Page<T>>(res);
};

export const inDays = (days: number, from = new Date()) =>
  new Date(from.getTime() + days * 86_400_000).toISOString();
