/**
 * Runs both examples against a running service (`npm start` in the repository root prints a key):
 *   API_URL=http://localhost:8787 API_KEY=csk_test_... npm run example   (in sdk/)
 * The webhook receiver is a Node HTTP server on 127.0.0.1; the local service (ENVIRONMENT
 * development) accepts loopback http URLs, a deployed one only public https URLs.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient } from "../src/index.js";
import { onboardAndScore, steadyBusiness } from "./onboard-and-score.js";
import { receive, sendTestDelivery, subscribe } from "./webhooks.js";

const baseUrl = process.env.API_URL ?? "http://localhost:8787";
const apiKey = process.env.API_KEY;
if (!apiKey) throw new Error("set API_KEY (npm start prints demo keys; also in .wrangler/demo-keys.json)");
const api = createClient({ baseUrl, apiKey });

// 1. Onboard a customer's data and read its BHI.
const { customerId, bhi } = await onboardAndScore(api, steadyBusiness(`SDK-${Date.now()}`));
console.log(`customer ${customerId}: BHI ${bhi.bhiOverall} (${bhi.bhiBand})`);

// 2. Subscribe a local receiver, ask for a test delivery, verify it on arrival.
let secret = "";
const server = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => {
    body += chunk;
  });
  req.on("end", async () => {
    const { status } = await receive(secret, { headers: req.headers, body }, (event) => {
      console.log(`verified delivery: ${event.type}`);
    });
    res.writeHead(status).end();
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
const subscription = await subscribe(api, url);
secret = subscription.secret;
const delivery = await sendTestDelivery(api, subscription.subscriptionId);
console.log(`test delivery ${delivery.id}: ${delivery.status}`);
await api.DELETE("/v1/webhooks/subscriptions/{id}", {
  params: { path: { id: subscription.subscriptionId } },
});
server.close();
if (delivery.status !== "succeeded") process.exitCode = 1;
