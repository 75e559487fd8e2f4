import { describe, expect, it } from "vitest";
import { admin, call, createTenant, json } from "../harness";
import { fixture, listId, loadList } from "./helpers";

describe("sanctions lists", () => {
  it("loads a list, stores each update as a diff and refuses what it cannot read", async () => {
    const id = listId("un");
    const un = fixture("un-consolidated.xml");
    const first = await loadList(id, { format: "un_xml", name: "UN consolidated", content: un });
    expect(first.status).toBe(201);
    expect(first.body.version).toMatchObject({
      version: 1,
      publishedAt: "2026-11-02",
      entryCount: 3,
      added: 3,
      changed: 0,
      removed: 0,
    });

    const again = await loadList(id, { format: "un_xml", content: un });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, version: { version: 1 } });

    // The next publication: one entry's date of birth changed, one removed, one added.
    const next = un
      .replace('dateGenerated="2026-11-02', 'dateGenerated="2026-11-09')
      .replace("<YEAR>1980</YEAR>", "<YEAR>1979</YEAR>")
      .replace(/<ENTITY>[\s\S]*<\/ENTITY>/, "")
      .replace(
        "</INDIVIDUALS>",
        "<INDIVIDUAL><FIRST_NAME>AMA</FIRST_NAME><SECOND_NAME>SERWAA</SECOND_NAME><REFERENCE_NUMBER>QDi.903</REFERENCE_NUMBER></INDIVIDUAL></INDIVIDUALS>",
      );
    const second = await loadList(id, { format: "un_xml", content: next });
    expect(second.status).toBe(201);
    expect(second.body.version).toMatchObject({
      version: 2,
      publishedAt: "2026-11-09",
      added: 1,
      changed: 1,
      removed: 1,
      entryCount: 3,
    });
    const diff = await json<{ changes: { added: string[]; changed: string[]; removed: string[] } }>(
      await admin("GET", `/admin/sanctions/lists/${id}/versions/2`),
    );
    expect(diff.changes).toMatchObject({ added: ["QDi.903"], changed: ["CDi.902"], removed: ["KPe.901"] });
    const versions = await json<{ data: { version: number }[] }>(
      await admin("GET", `/admin/sanctions/lists/${id}/versions`),
    );
    expect(versions.data.map((v) => v.version)).toEqual([2, 1]);

    // An older publication than the current one.
    const older = await loadList(id, { format: "un_xml", content: un.replace("Financier", "Recruiter") });
    expect(older.status).toBe(409);

    const csv = await loadList(listId("gh"), { format: "national_csv", content: fixture("national.csv") });
    expect(csv.status).toBe(400);
    expect(csv.body.error?.details?.map((d) => d.path)).toEqual(["publicationDate"]);
    const broken = await loadList(listId("eu"), { format: "eu_xml", content: "<export><sanctionEntity>" });
    expect(broken.status).toBe(400);
    expect(broken.body.error?.details?.map((d) => d.path)).toEqual(["content"]);
    expect((await admin("GET", "/admin/sanctions/lists/no-such-list/versions")).status).toBe(404);
  });

  it("loads every official format", async () => {
    for (const [format, file] of [
      ["ofac_sdn_xml", "ofac-sdn.xml"],
      ["ofac_sdn_csv", "ofac-sdn.csv"],
      ["eu_xml", "eu-consolidated.xml"],
      ["uk_xml", "uk-consolidated.xml"],
      ["national_csv", "national.csv"],
    ] as const) {
      const loaded = await loadList(listId(format.replaceAll("_", "-")), {
        format,
        content: fixture(file),
        publicationDate: "2026-11-06",
      });
      expect(loaded.status, format).toBe(201);
      expect(loaded.body.version.entryCount, format).toBeGreaterThanOrEqual(2);
    }
  });

  it("screens a name against the tenant's lists, with confirmers", async () => {
    const id = listId("un");
    expect((await loadList(id, { format: "un_xml", content: fixture("un-consolidated.xml") })).status).toBe(
      201,
    );
    const t = await createTenant();
    const unknown = await call("PUT", "/v1/sanctions/settings", {
      key: t.key,
      body: { lists: ["no-such-list"] },
    });
    expect(unknown.status).toBe(400);
    expect((await json<{ error: { details: { path: string }[] } }>(unknown)).error.details[0]?.path).toBe(
      "lists.0",
    );
    const set = await call("PUT", "/v1/sanctions/settings", {
      key: t.key,
      body: { lists: [id], threshold: 0.85 },
    });
    expect(set.status).toBe(200);

    const res = await call("POST", "/v1/sanctions/screen", {
      key: t.key,
      body: { name: "Hassan, Mohamed Abdelrahman", dateOfBirth: "1971-03-02", nationality: "sy" },
    });
    expect(res.status).toBe(200);
    const { result } = await json<{
      result: {
        lists: Record<string, number>;
        hits: { entryRef: string; matchedFields: string[]; score: number; entry: { ref: string } }[];
      };
    }>(res);
    expect(result.lists).toEqual({ [id]: 1 });
    expect(result.hits.map((h) => h.entryRef)).toEqual(["QDi.901"]);
    expect(result.hits[0]?.matchedFields).toEqual(["alias", "dateOfBirth", "nationality"]);
    expect(result.hits[0]?.score).toBe(1);

    const none = await json<{ result: { hits: unknown[] } }>(
      await call("POST", "/v1/sanctions/screen", { key: t.key, body: { name: "Kwame Owusu" } }),
    );
    expect(none.result.hits).toEqual([]);
    const bad = await call("POST", "/v1/sanctions/screen", {
      key: t.key,
      body: { name: "X", nationality: "ZZ" },
    });
    expect(bad.status).toBe(400);
  });
});
