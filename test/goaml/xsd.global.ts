/**
 * XSD validation of goAML XML for the workerd tests (globalSetup, in the Node process that runs
 * vitest). xmllint-wasm is not run inside workerd: its Node entry runs libxml2 in a
 * worker_threads Worker and instantiates its WebAssembly from bytes at run time, which workerd
 * refuses (code generation from bytes is disallowed there). So a test posts
 * the exact bytes the API served to http://127.0.0.1:<port>/validate and gets libxml2's verdict
 * against test/fixtures/goaml/goAMLSchema.xsd: {valid, errors}.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { validateXML } from "xmllint-wasm";

declare module "vitest" {
  export interface ProvidedContext {
    xsdValidatorPort: number;
  }
}

let server: Server | undefined;

export async function setup(project: TestProject): Promise<void> {
  const xsd = readFileSync("test/fixtures/goaml/goAMLSchema.xsd", "utf8");
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      if (req.method !== "POST" || req.url !== "/validate") {
        res.writeHead(404).end();
        return;
      }
      try {
        // The bytes as received, decoded as the UTF-8 the report declares.
        const result = await validateXML({
          xml: [{ fileName: "report.xml", contents: Buffer.concat(chunks).toString("utf8") }],
          schema: [{ fileName: "goAMLSchema.xsd", contents: xsd }],
        });
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ valid: result.valid, errors: result.errors.map((e) => e.message) }));
      } catch (error) {
        res.writeHead(500, { "content-type": "text/plain" }).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  project.provide("xsdValidatorPort", (server.address() as AddressInfo).port);
}

export async function teardown(): Promise<void> {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
}
