import { describe, expect, it } from "vitest";
import { toHex } from "../../src/lib/crypto";
import { TEST_ADMIN_TOKEN } from "../constants";
import { admin, call, json } from "../harness";
import { listId, loadList } from "./helpers";

/** A national list of `n` entries: about 95 bytes a row. */
function nationalList(n: number): string {
  const rows = ["reference,type,name,aliases,weak_aliases,date_of_birth,nationality,program,remarks"];
  for (let i = 0; i < n; i++)
    rows.push(
      `NAT-${String(i).padStart(6, "0")},person,Listed Person Number ${i} Mensah,Alias ${i} Boateng,,1970-01-01,GH,Test program,Row ${i}`,
    );
  return `${rows.join("\n")}\n`;
}

const upload = (body: string, headers: Record<string, string> = {}) =>
  call("POST", "/admin/sanctions/uploads", {
    key: TEST_ADMIN_TOKEN,
    body,
    headers: {
      "content-type": "text/csv",
      "content-length": String(new TextEncoder().encode(body).length),
      ...headers,
    },
  });

describe("a list file over the 1 MiB request body, through R2", () => {
  it("is uploaded as a stream, loaded by reference, and the upload is gone once loaded", async () => {
    const text = nationalList(12_000);
    const bytes = new TextEncoder().encode(text);
    expect(bytes.length).toBeGreaterThan(1024 * 1024);
    const id = listId("big");

    // As JSON it is refused: the request body is over 1 MiB.
    const inline = await admin("POST", `/admin/sanctions/lists/${id}/versions`, {
      format: "national_csv",
      publicationDate: "2026-11-01",
      content: text,
    });
    expect(inline.status).toBe(413);

    const stored = await upload(text);
    expect(stored.status).toBe(201);
    const { upload: file } = await json<{ upload: { uploadId: string; sizeBytes: number } }>(stored);
    expect(file.sizeBytes).toBe(bytes.length);

    const loaded = await loadList(id, {
      format: "national_csv",
      publicationDate: "2026-11-01",
      uploadId: file.uploadId,
    });
    expect(loaded.status).toBe(201);
    expect(loaded.body.version).toMatchObject({
      version: 1,
      entryCount: 12_000,
      added: 12_000,
      sha256: toHex(await crypto.subtle.digest("SHA-256", bytes)),
    });
    // Every entry is in the version's diff, the file's last one too.
    const screened = await admin("GET", `/admin/sanctions/lists/${id}/versions/1`);
    expect(screened.status).toBe(200);
    expect((await json<{ changes: { added: string[] } }>(screened)).changes.added).toContain("NAT-011999");

    // The upload was removed: loading it again names uploadId.
    const again = await loadList(id, { format: "national_csv", uploadId: file.uploadId });
    expect(again.status).toBe(400);
    expect(again.body.error?.details?.map((d) => d.path)).toEqual(["uploadId"]);
  });

  it("refuses an empty upload, a load naming both content and uploadId or neither, and a file not of its format", async () => {
    const empty = await upload("", { "content-length": "0" });
    expect(empty.status).toBe(400);
    const id = listId("refused");
    for (const body of [
      { format: "national_csv", publicationDate: "2026-11-01" },
      { format: "national_csv", content: nationalList(1), uploadId: crypto.randomUUID() },
    ]) {
      const res = await loadList(id, body);
      expect(res.status).toBe(400);
      expect(res.body.error?.details?.map((d) => d.path)).toEqual(["content"]);
    }
    // A file that is not of the format: 400 naming uploadId, and the upload stays for another try.
    const { upload: bad } = await json<{ upload: { uploadId: string } }>(await upload("not,a,list\n1,2,3\n"));
    const refused = await loadList(id, {
      format: "national_csv",
      publicationDate: "2026-11-01",
      uploadId: bad.uploadId,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.details?.map((d) => d.path)).toEqual(["uploadId"]);
  });
});
