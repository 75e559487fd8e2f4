/**
 * A real HTTP receiver for the webhook tests, on 127.0.0.1 in the Node process that runs
 * vitest (globalSetup). The Worker under test (inside workerd) posts to it; tests read what
 * it received through GET /_log/<bucket>. Behaviour is chosen by path:
 *   /ok/<bucket>                  200
 *   /status/<code>/<bucket>       that status
 *   /redirect/<bucket>            302 to /ok/<bucket> (must not be followed)
 *   /hang/<bucket>                never answers (timeouts)
 *   /flaky/<failures>/<bucket>    500 for the first <failures> requests, then 200
 *   /down/<failures>/<bucket>     the connection dropped unanswered for the first <failures>, then 200
 *   /big/<bucket>                 200 with a 10 KB body (excerpt cap)
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";

interface Received {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
  at: number;
}

declare module "vitest" {
  export interface ProvidedContext {
    webhookReceiverPort: number;
  }
}

let server: Server | undefined;

export async function setup(project: TestProject): Promise<void> {
  const log = new Map<string, Received[]>();
  const counts = new Map<string, number>();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const parts = (req.url ?? "/").split("?")[0].split("/").filter(Boolean);
      if (req.method === "GET" && parts[0] === "_log") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(log.get(parts[1]) ?? []));
        return;
      }
      const bucket = parts[parts.length - 1] ?? "none";
      const entry = {
        path: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      log.set(bucket, [...(log.get(bucket) ?? []), entry]);
      const seen = (counts.get(bucket) ?? 0) + 1;
      counts.set(bucket, seen);
      switch (parts[0]) {
        case "ok":
          res.writeHead(200, { "content-type": "text/plain" }).end("thanks");
          return;
        case "status":
          res.writeHead(Number(parts[1]), { "content-type": "text/plain" }).end(`status ${parts[1]}`);
          return;
        case "redirect":
          res.writeHead(302, { location: `/ok/${bucket}` }).end();
          return;
        case "hang":
          return; // never answers
        case "flaky":
          if (seen <= Number(parts[1])) res.writeHead(500).end("not yet");
          else res.writeHead(200).end("recovered");
          return;
        case "down":
          if (seen <= Number(parts[1])) req.socket.destroy();
          else res.writeHead(200).end("up again");
          return;
        case "big":
          res.writeHead(200, { "content-type": "text/plain" }).end("x".repeat(10_000));
          return;
        default:
          res.writeHead(404).end("unknown behaviour");
      }
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  project.provide("webhookReceiverPort", (server.address() as AddressInfo).port);
}

export async function teardown(): Promise<void> {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
}
