import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { onboardAndScore, steadyBusiness } from "../../sdk/examples/onboard-and-score";
import { receive, sendTestDelivery, subscribe } from "../../sdk/examples/webhooks";
import { createClient, ok, verifyWebhook, WebhookVerificationError } from "../../sdk/src/index";
import { createTenant } from "../harness";
import { received, receiverUrl } from "../webhooks/helpers";

const clientFor = (key: string) =>
  createClient({ baseUrl: "http://localhost", apiKey: key, fetch: (r) => SELF.fetch(r) });

describe("SDK example: onboard a customer and read its BHI", () => {
  it("ingests customer, account and 24 transactions, then reads an excellent BHI", async () => {
    const t = await createTenant();
    const api = clientFor(t.key);
    const data = steadyBusiness("SME-1");
    const { customerId, bhi } = await onboardAndScore(api, data);

    // Cover 20,000 / weekly outflow 700 > 2 periods, weekly net steady at 300, expense ratio 0.7:
    // every component full marks (docs/methodology), so the overall is 100.
    expect(bhi).toMatchObject({ customerId, bhiOverall: "100.00", bhiBand: "excellent" });
    expect(data.transactions).toHaveLength(24);
  });

  it("scores its own customer when others share the name", async () => {
    const t = await createTenant();
    const api = clientFor(t.key);
    const others = ["SME-7a", "SME-7b", "SME-7c"].map((id) => ({
      ...steadyBusiness(id).customer,
      name: "Kofi Hardware SME-7",
    }));
    await ok(
      api.POST("/v1/ingest/{resource}", { params: { path: { resource: "customers" } }, body: others }),
    );
    const { customerId } = await onboardAndScore(api, steadyBusiness("SME-7"));
    const { customer } = await ok(
      api.GET("/v1/customers/{customerId}", { params: { path: { customerId } } }),
    );
    expect(customer.externalId).toBe("SME-7");
  });
});

describe("SDK example: subscribe to webhooks and verify a delivery", () => {
  it("a real signed test delivery verifies with the subscription's secret, a forged one does not", async () => {
    const t = await createTenant();
    const api = clientFor(t.key);
    const url = receiverUrl("ok");
    const { subscriptionId, secret } = await subscribe(api, url);
    const delivery = await sendTestDelivery(api, subscriptionId);
    expect(delivery.status).toBe("succeeded");

    const [got] = await received(url);
    const handled: { type: string; data: unknown }[] = [];
    const answer = await receive(secret, got, (event) => {
      handled.push(event);
    });
    expect(answer.status).toBe(204);
    expect(handled).toEqual([
      expect.objectContaining({ type: "webhook.test", data: expect.objectContaining({ subscriptionId }) }),
    ]);

    // The same delivery with one byte of the body changed, or under another secret, is refused.
    const tampered = { ...got, body: got.body.replace('"test":true', '"test":false') };
    expect(tampered.body).not.toBe(got.body);
    expect((await receive(secret, tampered, () => {})).status).toBe(400);
    const other = await subscribe(api, receiverUrl("ok"));
    expect((await receive(other.secret, got, () => {})).status).toBe(400);
    expect(handled).toHaveLength(1);
    // The genuine delivery replayed 10 minutes later is refused (outside the 5-minute window).
    const later = { now: () => new Date(Date.now() + 10 * 60_000) };
    await expect(verifyWebhook(secret, got.headers, got.body, later)).rejects.toThrow(
      WebhookVerificationError,
    );
  });
});
