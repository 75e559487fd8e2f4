import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { adminRoute, jsonContent } from "../../../http/openapi";
import { resealSecrets } from "../reseal/service";

const ResealCount = z.object({
  resealed: z
    .number()
    .int()
    .openapi({ description: "Rewritten under the sealing key (older key, or plaintext)" }),
  current: z.number().int().openapi({ description: "Already sealed with the sealing key" }),
  unreadable: z.number().int().openapi({
    description: "Opened by no key of SECRETS_KEY: left as they are and logged by table, tenant and row",
  }),
});

const count = (description: string) => z.number().int().min(0).openapi({ description });

const CaseAnchorCount = z
  .object({
    reanchored: count("Chain and old anchor verified, then anchored again under the first key"),
    current: count("Already anchored under the first key (not read, not rewritten)"),
    invalid: count(
      "Chain or old anchor does not verify: NOT re-anchored (that would launder tampering), logged by shard, tenant and case at error level; checked again on every run",
    ),
    unreadable: count(
      "Anchored under a key SECRETS_KEY no longer holds: cannot be checked, left as they are",
    ),
    pending: count(
      "Still under an older key after this run (the run's query budget ran out, or an append moved the head while it ran): run again",
    ),
  })
  .openapi("CaseAnchorSweepCount");

export const resealSecretsRoute = adminRoute({
  method: "post",
  path: "/admin/secrets/reseal",
  operationId: "adminResealSecrets",
  scope: "shards:write",
  summary: "Reseal stored secrets",
  description:
    "Seals every stored secret again under the first SECRETS_KEY (after a key rotation). " +
    "Webhook signing secrets and connector passwords are stored sealed with AES-256-GCM under SECRETS_KEY " +
    "(docs/decisions/secrets-at-rest.md). After putting a new key first in SECRETS_KEY (the old one after it), " +
    "this rewrites every stored value under the new key, plaintext ones included; the secrets themselves do not " +
    "change. " +
    "Fraud case heads and AML cases anchored under an older key (HMAC under a key derived from SECRETS_KEY, " +
    "docs/decisions/fraud-cases.md) are verified (whole chain and old anchor) and anchored again under the new key; " +
    "one that does not verify is left as it is and counted `invalid`. Audit logs with a row or head under an older " +
    "key are verified and chained again under the new key (`auditLogs`). The case sweep uses a bounded number of " +
    "queries per request: while `caseAnchors.complete` is false, call again (each run carries on; current " +
    "anchors are counted, not rewritten). When a run reports nothing resealed or unreadable, `caseAnchors` " +
    "complete with nothing re-anchored, invalid or unreadable, and `auditLogs` all zero, the old key can be removed. Safe to repeat.",
  responses: {
    200: jsonContent(
      z
        .object({
          success: z.literal(true),
          keyId: z
            .string()
            .openapi({ description: "Id of the sealing key (first 8 hex digits of its SHA-256)" }),
          connectorPasswords: ResealCount,
          webhookSecrets: ResealCount,
          subjectKeys: ResealCount.openapi({
            description:
              "Customers' keys for personal text in case logs (docs/decisions/security.md#erasure-model)",
          }),
          caseAnchors: z
            .object({
              complete: z.boolean().openapi({
                description:
                  "Every case under an older key was reached (re-anchored or found invalid); false: call again",
              }),
              fraud: CaseAnchorCount,
              aml: CaseAnchorCount,
            })
            .openapi({ description: "The re-anchor sweep of case heads (every shard)" }),
          auditLogs: z
            .object({
              rechained: count("Verified from genesis, then chained and anchored again under the first key"),
              invalid: count(
                "Does not verify: NOT re-chained (that would launder an edit), logged at error level; checked again on every run",
              ),
              pending: count(
                "Not reached within this run's query budget: run again (its rows verify while the old key stays listed)",
              ),
            })
            .openapi("AuditRechainCount", {
              description:
                "The audit logs (operator and each tenant's) with a row or head under an older key (docs/decisions/audit-log.md#chain)",
            }),
        })
        .openapi("ResealSecretsResult"),
      "Every stored secret is now sealed with the first key; case anchors as reported",
    ),
  },
});

export const registerResealSecrets = (app: App) =>
  app.openapi(resealSecretsRoute, async (c) =>
    c.json({ success: true as const, ...(await resealSecrets(c.get("op"))) }, 200),
  );
