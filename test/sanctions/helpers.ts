import { admin, json } from "../harness";

// Vite reads the fixture files (written for these tests) at transform time.
const files = import.meta.glob("../fixtures/sanctions/*", { query: "?raw", import: "default", eager: true });
export const fixture = (name: string) => files[`../fixtures/sanctions/${name}`] as string;

/** A list id of its own per test run: the control database is shared by the files of a workerd. */
export const listId = (stem: string) => `${stem}-${crypto.randomUUID().slice(0, 8)}`;

export interface VersionBody {
  created: boolean;
  version: {
    version: number;
    added: number;
    changed: number;
    removed: number;
    publishedAt: string;
    sha256: string;
    entryCount: number;
  };
}

export async function loadList(id: string, body: Record<string, unknown>) {
  const res = await admin("POST", `/admin/sanctions/lists/${id}/versions`, body);
  return {
    status: res.status,
    body: await json<VersionBody & { error?: { details?: { path: string }[] } }>(res),
  };
}
