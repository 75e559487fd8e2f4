import { sign as octokitSign, verify as octokitVerify } from "@octokit/webhooks-methods";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { deliveryHeaders, generateSecret, serviceSignature, standardSignature } from "./signing";

describe("X-Service-Signature", () => {
  it("matches the published GitHub-style vector", async () => {
    // Secret "It's a Secret to Everybody", payload "Hello, World!" (the public documentation example).
    expect(await serviceSignature("It's a Secret to Everybody", "Hello, World!")).toBe(
      "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17",
    );
  });

  it("is keyed with the whole whsec_ string as UTF-8, as @octokit/webhooks-methods verifies", async () => {
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const body = '{"id":"evt_1","type":"bhi.calculated","data":{"bhiOverall":61.5,"name":"Ama ₵"}}';
    const header = await serviceSignature(secret, body);
    expect(header).toBe(await octokitSign(secret, body));
    expect(await octokitVerify(secret, body, header)).toBe(true);
    expect(await octokitVerify(secret, `${body} `, header)).toBe(false);
  });
});

describe("webhook-signature (Standard Webhooks)", () => {
  it("matches the specification's published vector", async () => {
    expect(
      await standardSignature(
        "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        "msg_p5jXN8AQM9LWM0D4loKWxJek",
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("verifies with the standardwebhooks library, for the current and (during rotation) the old secret", async () => {
    const secret = generateSecret();
    const previous = generateSecret(24);
    const body = JSON.stringify({ id: "e1", type: "nba.generated", data: { actionCount: 2 } });
    const now = Math.floor(Date.now() / 1000);
    const headers = await deliveryHeaders({
      eventId: "e1",
      eventType: "nba.generated",
      body,
      timestampSeconds: now,
      secret,
      previousSecret: previous,
    });
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(headers["x-service-signature-previous"]).toBe(await serviceSignature(previous, body));
    expect(() => new Webhook(generateSecret()).verify(body, headers)).toThrow();
  });

  it("carries only the current secret outside a rotation, and the contract's headers", async () => {
    const secret = generateSecret();
    const headers = await deliveryHeaders({
      eventId: "e2",
      eventType: "bhi.calculated",
      body: "{}",
      timestampSeconds: 1_700_000_000,
      secret,
    });
    expect(headers["webhook-signature"].split(" ")).toHaveLength(1);
    expect(headers["x-service-signature-previous"]).toBeUndefined();
    expect(headers).toMatchObject({
      "content-type": "application/json",
      "x-service-event": "bhi.calculated",
      "x-idempotency-key": "e2",
      "webhook-id": "e2",
      "webhook-timestamp": "1700000000",
    });
  });
});

describe("generateSecret", () => {
  it("is whsec_ + base64 of 24..64 random bytes", () => {
    for (const n of [24, 32, 64]) {
      const secret = generateSecret(n);
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      expect(atob(secret.slice(6)).length).toBe(n);
    }
    expect(generateSecret()).not.toBe(generateSecret());
    expect(() => generateSecret(16)).toThrow(RangeError);
  });
});
