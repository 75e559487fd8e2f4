import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { assertMatchesContract } from "../contract";
import { createKey, createTenant, json, shardRows, type TestTenant } from "../harness";
import { aml, fraud, type Kind } from "./helpers";

const MiB = 1024 * 1024;

/** A raw-body request through the Worker, checked against openapi.json like harness.call. */
async function raw(
  method: string,
  path: string,
  key: string,
  body?: BodyInit,
  headers: Record<string, string> = {},
) {
  const res = await (exports as unknown as { default: Fetcher }).default.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...headers },
      body,
    }),
  );
  await assertMatchesContract(method, path, res);
  return res;
}

const hex = async (bytes: Uint8Array) =>
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");

/** The log entry of the upload, whichever kind: fraud keeps it in evidenceReference, AML in details. */
async function fileEntries(t: TestTenant, kind: Kind, caseId: string) {
  const res = await raw("GET", `${kind.base}/${caseId}`, t.key);
  const body = await json<{
    case: { events?: Array<Record<string, unknown>>; history?: Array<Record<string, unknown>> };
  }>(res);
  return (body.case.events ?? body.case.history ?? [])
    .filter((e) => e.eventType === "evidence_added")
    .map(
      (e) =>
        (e.details ?? { evidenceType: e.evidenceType, ...(e.evidenceReference as object) }) as Record<
          string,
          unknown
        >,
    );
}

describe.each([fraud, aml])("$name case evidence files", (kind: Kind) => {
  let t: TestTenant;
  let other: TestTenant;
  beforeAll(async () => {
    t = await createTenant({ name: `files ${kind.name}`, shard: 0 });
    other = await createTenant({ name: `files other ${kind.name}`, shard: 0 });
  });

  it("uploads, lists and downloads a file; its SHA-256 is in the case's log and the chain verifies", async () => {
    const c = await kind.open(t);
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0xff, 0x00, 0x7f]);
    const up = await raw(
      "POST",
      `${kind.base}/${c.id}/files?filename=${encodeURIComponent('../../Bank "statement".pdf')}&actorId=ana&description=May%20statement`,
      t.key,
      bytes,
      { "content-type": "application/pdf" },
    );
    expect(up.status).toBe(201);
    const { file } = await json<{ file: { id: string; sha256: string; size: number; filename: string } }>(up);
    expect(file.sha256).toBe(await hex(bytes));
    expect(file.size).toBe(bytes.length);
    expect(file.filename).toBe("Bank_statement_.pdf");

    const entries = await fileEntries(t, kind, c.id);
    expect(entries).toEqual([
      {
        evidenceType: "file",
        fileId: file.id,
        sha256: await hex(bytes),
        size: bytes.length,
        contentType: "application/pdf",
        filename: "Bank_statement_.pdf",
      },
    ]);
    expect(await kind.chainValid(t, c.id)).toBe(true);

    const list = await json<{ data: Array<{ id: string }> }>(
      await raw("GET", `${kind.base}/${c.id}/files`, t.key),
    );
    expect(list.data.map((f) => f.id)).toEqual([file.id]);

    const down = await raw("GET", `${kind.base}/${c.id}/files/${file.id}`, t.key);
    expect(down.status).toBe(200);
    expect(down.headers.get("content-type")).toBe("application/pdf");
    expect(down.headers.get("x-content-type-options")).toBe("nosniff");
    expect(down.headers.get("content-disposition")).toBe('attachment; filename="Bank_statement_.pdf"');
    expect(new Uint8Array(await down.arrayBuffer())).toEqual(bytes);
    // The download is in the tenant's audit log, attributed to the key.
    const log = await json<{
      data: Array<{ actor: { type: string; id: string }; target: unknown; after: unknown }>;
    }>(await raw("GET", `/v1/audit-log?action=case_file.downloaded`, t.key));
    const entry = log.data.find((e) => (e.target as { id: string }).id === file.id);
    expect(entry).toMatchObject({
      actor: { type: "api_key", id: t.keyId },
      target: { type: "case_file", id: file.id },
      after: { caseKind: kind.name, caseId: c.id, sha256: await hex(bytes) },
    });
  });

  it("a file whose stored bytes changed is refused with 409, not served", async () => {
    const c = await kind.open(t);
    const up = await raw("POST", `${kind.base}/${c.id}/files?filename=a.txt&actorId=ana`, t.key, "original", {
      "content-type": "text/plain",
    });
    const { file } = await json<{ file: { id: string } }>(up);
    const [row] = await shardRows<{ object_key: string }>(
      t,
      "SELECT object_key FROM case_files WHERE id = ?1",
      file.id,
    );
    await env.FILES.put(row.object_key, "tampered");
    const down = await raw("GET", `${kind.base}/${c.id}/files/${file.id}`, t.key);
    expect(down.status).toBe(409);
  });

  it("refuses bytes that are not of the declared type with a 400 naming Content-Type, storing nothing", async () => {
    const c = await kind.open(t);
    const before = (await fileEntries(t, kind, c.id)).length;
    const html = "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>";
    const res = await raw("POST", `${kind.base}/${c.id}/files?filename=photo.png&actorId=ana`, t.key, html, {
      "content-type": "image/png",
    });
    expect(res.status).toBe(400);
    const body = await json<{ error: { details?: { path: string }[] } }>(res);
    expect(body.error.details?.map((d) => d.path)).toContain("Content-Type");
    const binary = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]);
    const asText = await raw("POST", `${kind.base}/${c.id}/files?filename=a.txt&actorId=ana`, t.key, binary, {
      "content-type": "text/plain",
    });
    expect(asText.status).toBe(400);
    expect((await fileEntries(t, kind, c.id)).length).toBe(before);
    const stored = await shardRows<{ n: number }>(
      t,
      "SELECT count(*) AS n FROM case_files WHERE tenant_id = ?1 AND case_id = ?2",
      t.id,
      c.id,
    );
    expect(stored[0].n).toBe(0);
    // A real PNG under its own type is accepted.
    const png = await raw("POST", `${kind.base}/${c.id}/files?filename=p.png&actorId=ana`, t.key, binary, {
      "content-type": "image/png",
    });
    expect(png.status).toBe(201);
  });

  it("refuses a content type outside the allow-list (415) and a body over 10 MiB (413), writing nothing", async () => {
    const c = await kind.open(t);
    const html = await raw(
      "POST",
      `${kind.base}/${c.id}/files?filename=x.html&actorId=ana`,
      t.key,
      "<script>",
      {
        "content-type": "text/html",
      },
    );
    expect(html.status).toBe(415);
    // Announced by Content-Length: refused before the body is read.
    const big = await raw(
      "POST",
      `${kind.base}/${c.id}/files?filename=big.txt&actorId=ana`,
      t.key,
      new Uint8Array(10 * MiB + 1),
      {
        "content-type": "text/plain",
      },
    );
    expect(big.status).toBe(413);
    // Streamed without a length: refused while reading.
    let sent = 0;
    const stream = new ReadableStream({
      pull(ctrl) {
        if (sent++ > 10) ctrl.close();
        else ctrl.enqueue(new Uint8Array(MiB));
      },
    });
    const streamed = await raw(
      "POST",
      `${kind.base}/${c.id}/files?filename=s.txt&actorId=ana`,
      t.key,
      stream,
      {
        "content-type": "text/plain",
      },
    );
    expect(streamed.status).toBe(413);
    // Between the JSON limit (1 MiB) and the file limit: accepted.
    const mid = await raw(
      "POST",
      `${kind.base}/${c.id}/files?filename=mid.csv&actorId=ana`,
      t.key,
      new Uint8Array(2 * MiB).fill(65),
      {
        "content-type": "text/csv",
      },
    );
    expect(mid.status).toBe(201);
    expect((await fileEntries(t, kind, c.id)).length).toBe(1);
  });

  it("another tenant's case or file is a 404; the read scope alone cannot upload", async () => {
    const c = await kind.open(t);
    const up = await raw("POST", `${kind.base}/${c.id}/files?filename=a.txt&actorId=ana`, t.key, "x", {
      "content-type": "text/plain",
    });
    const { file } = await json<{ file: { id: string } }>(up);
    const foreignUp = await raw(
      "POST",
      `${kind.base}/${c.id}/files?filename=a.txt&actorId=eve`,
      other.key,
      "x",
      {
        "content-type": "text/plain",
      },
    );
    expect(foreignUp.status).toBe(404);
    expect((await raw("GET", `${kind.base}/${c.id}/files`, other.key)).status).toBe(404);
    expect((await raw("GET", `${kind.base}/${c.id}/files/${file.id}`, other.key)).status).toBe(404);
    const readOnly = (await createKey(t.id, [kind.name === "fraud" ? "fraud:read" : "aml:read"])).key;
    expect((await raw("GET", `${kind.base}/${c.id}/files/${file.id}`, readOnly)).status).toBe(200);
    const refused = await raw(
      "POST",
      `${kind.base}/${c.id}/files?filename=b.txt&actorId=ana`,
      readOnly,
      "y",
      {
        "content-type": "text/plain",
      },
    );
    expect(refused.status).toBe(403);
  });
});
