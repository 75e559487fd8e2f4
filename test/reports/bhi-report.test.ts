import { env } from "cloudflare:workers";
import Papa from "papaparse";
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { calculate, seedHealthyCustomer, worsen } from "../bhi/seed";
import { call, createTenant, insertCustomer, json, type TestTenant } from "../harness";

const report = (t: TestTenant, customerId: string, format?: string, headers?: Record<string, string>) =>
  call("GET", `/v1/reports/bhi/${customerId}${format ? `?format=${format}` : ""}`, { key: t.key, headers });

/** Standard-font text is drawn as hex strings in the (compressed) page content streams. */
const hex = (text: string) =>
  [...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join("");

function pageText(pdf: PDFDocument, index: number): string {
  const contents = pdf.getPage(index).node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r)) : [contents];
  return streams
    .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
    .map((s) => new TextDecoder("latin1").decode(decodePDFRawStream(s).decode()))
    .join("\n");
}

async function scoredCustomer(name = "Kofi Hardware Ltd") {
  const t = await createTenant({ name: "Accra Credit Union" });
  const { customer, account } = await seedHealthyCustomer(t, name);
  await calculate(t, { customerId: customer.id });
  return { t, customer, account };
}

describe("GET /v1/reports/bhi/{customerId}", () => {
  it("json by default: customer, latest BHI with reasons, history", async () => {
    const { t, customer } = await scoredCustomer();
    const res = await report(t, customer.id!);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-disposition")).toBeNull();
    const body = await json<{
      report: Record<string, never> & { bhi: { reasons: unknown[] }; history: unknown[] };
    }>(res);
    expect(body.report).toMatchObject({
      tenant: { id: t.id, name: "Accra Credit Union" },
      customer: { id: customer.id, name: "Kofi Hardware Ltd" },
      bhi: { bhiOverall: "100.00", bhiBand: "excellent" },
      historyTotal: 1,
    });
    expect(body.report.bhi.reasons).toHaveLength(5);
    expect(body.report.history).toHaveLength(1);
  });

  it("csv: attachment, RFC 4180 header and one row per history record plus the components", async () => {
    const { t, customer, account } = await scoredCustomer();
    await worsen(t, { id: account.id!, customerId: customer.id! });
    await calculate(t, { customerId: customer.id });
    const res = await report(t, customer.id!, "csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="bhi-report-.+\.csv"$/);
    const text = await res.text();
    expect(text.endsWith("\r\n")).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(text.trim(), { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields?.slice(0, 5)).toEqual([
      "record_type",
      "customer_id",
      "record_id",
      "recorded_at",
      "bhi_overall",
    ]);
    const history = parsed.data.filter((r) => r.record_type === "history");
    expect(history.map((r) => r.bhi_overall)).toEqual(["45.00", "100.00"]);
    const components = parsed.data.filter((r) => r.record_type === "component");
    expect(components.map((r) => r.factor)).toEqual([
      "liquidity",
      "volatility",
      "revenueStability",
      "expenseRatio",
      "paymentBehavior",
    ]);
    // explanations carry commas: quoted per RFC 4180 and read back intact
    expect(components[4].explanation).toBe(
      "12 of 25 outgoing payments failed or were returned; 1 overdraft(s).",
    );
    expect(components.map((r) => Number(r.contribution)).reduce((a, b) => a + b, 0)).toBeCloseTo(45, 6);
  });

  it("pdf: attachment, parses, names the customer, stored in R2 and reused with its ETag", async () => {
    const { t, customer, account } = await scoredCustomer("Ama Textiles & Sons");
    const first = await report(t, customer.id!, "pdf");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/pdf");
    expect(first.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.pdf"$/);
    expect(first.headers.get("x-report-cache")).toBe("miss");
    const bytes = new Uint8Array(await first.arrayBuffer());
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getTitle()).toContain("Ama Textiles & Sons");
    expect(pageText(pdf, 0)).toContain(hex("Ama Textiles & Sons"));
    expect(pageText(pdf, 0)).toContain(hex("Accra Credit Union"));
    expect(pageText(pdf, pdf.getPageCount() - 1)).toContain(
      hex(`Page ${pdf.getPageCount()} of ${pdf.getPageCount()}`),
    );

    const stored = await env.FILES.list({ prefix: `tenants/${t.id}/reports/` });
    expect(stored.objects.map((o) => o.key)).toEqual([
      expect.stringMatching(new RegExp(`bhi/${customer.id}/.+\\.pdf$`)),
    ]);

    const again = await report(t, customer.id!, "pdf");
    expect(again.headers.get("x-report-cache")).toBe("hit");
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
    const etag = first.headers.get("etag")!;
    expect(again.headers.get("etag")).toBe(etag);
    const notModified = await report(t, customer.id!, "pdf", { "if-none-match": etag });
    expect(notModified.status).toBe(304);

    // a new calculation is a new latest record: a new document
    await worsen(t, { id: account.id!, customerId: customer.id! });
    await calculate(t, { customerId: customer.id });
    const fresh = await report(t, customer.id!, "pdf", { "if-none-match": etag });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("x-report-cache")).toBe("miss");
    expect(fresh.headers.get("etag")).not.toBe(etag);
  });

  it("404 when the customer has no BHI or is absent; 400 for an unknown format", async () => {
    const t = await createTenant();
    const idle = await insertCustomer(t);
    expect((await report(t, idle.id!, "pdf")).status).toBe(404);
    expect((await report(t, crypto.randomUUID())).status).toBe(404);
    expect((await report(t, idle.id!, "docx")).status).toBe(400);
  });
});
