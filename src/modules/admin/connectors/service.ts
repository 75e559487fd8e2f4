import { controlDb } from "../../../db/client";
import type { ConnectorConfig, ConnectorRow } from "../../../db/control-schema";
import { allowsLoopbackHttp, type Env } from "../../../env";
import { checkConnectorUrl } from "../../../lib/connector-url";
import { badRequest } from "../../../lib/errors";
import {
  emptyResealCount,
  type Keyring,
  keyringFrom,
  type ResealCount,
  resealInto,
  seal,
  unseal,
} from "../../../lib/sealed";
import type { OperatorContext } from "../../audit/service";
import { operatorAuditInsert } from "../../audit/service";
import * as repo from "../repo";
import { getTenant } from "../tenants/service";

export type { ConnectorConfig };

/** Secrets never leave the service. */
export function presentConnector(row: ConnectorRow) {
  const { password, ...config } = row.config as Record<string, unknown>;
  return {
    type: row.type,
    provider: row.provider,
    ...config,
    hasPassword: typeof password === "string" && password.length > 0,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function configureConnector(
  op: OperatorContext,
  tenantId: string,
  type: "core_banking",
  input: ConnectorConfig,
) {
  const { env, clock } = op;
  await getTenant(env, tenantId);
  if (input.provider === "fineract") {
    const check = checkConnectorUrl(input.baseUrl, allowsLoopbackHttp(env));
    if (!check.ok) {
      throw badRequest("The connector URL is not allowed", [{ path: "baseUrl", message: check.reason }]);
    }
  }
  const db = controlDb(env);
  const previous = await repo.findConnector(db, tenantId, type);
  const { provider, ...config } = input;
  // The password is stored sealed (src/lib/sealed.ts), bound to this tenant's connector.
  if ("password" in config) {
    config.password = await seal(
      await keyringFrom(env.SECRETS_KEY),
      config.password,
      passwordContext(tenantId, type),
    );
  }
  const now = clock.now().toISOString();
  const row = { tenantId, type, provider, config, createdAt: previous?.createdAt ?? now, updatedAt: now };
  await db.batch([
    repo.upsertConnector(db, row),
    operatorAuditInsert(
      op,
      {
        action: "connector.configured",
        target: { type: "connector", id: `${tenantId}:${type}` },
        before: previous ? presentConnector(previous) : null,
        after: presentConnector(row),
      },
      tenantId,
    ),
  ]);
  return presentConnector(row);
}

/** The tenant's connector of a type; `export` when none was configured (docs/contract.md#ingestion). */
export async function connectorFor(env: Env, tenantId: string, type: string): Promise<ConnectorConfig> {
  const row = await repo.findConnector(controlDb(env), tenantId, type);
  if (!row) return { provider: "export" };
  const config = { provider: row.provider, ...row.config } as ConnectorConfig;
  if ("password" in config) {
    config.password = await unseal(
      await keyringFrom(env.SECRETS_KEY),
      config.password,
      passwordContext(tenantId, type),
    );
  }
  return config;
}

export { checkConnectorUrl } from "../../../lib/connector-url";

const passwordContext = (tenantId: string, type: string) => `connectors.password:${tenantId}:${type}`;

/** Seals every stored connector password again under the keyring's first key (resealSecrets). */
export async function resealConnectorPasswords(env: Env, keyring: Keyring): Promise<ResealCount> {
  const db = controlDb(env);
  const connectorPasswords = emptyResealCount();
  for (let offset = 0; ; offset += RESEAL_PAGE) {
    const rows = await repo.connectorsPage(db, RESEAL_PAGE, offset);
    const updates = [];
    for (const row of rows) {
      const config = row.config as Record<string, unknown>;
      if (typeof config.password !== "string") continue;
      const password = await resealInto(
        connectorPasswords,
        keyring,
        config.password,
        passwordContext(row.tenantId, row.type),
        { table: "connectors", tenantId: row.tenantId, type: row.type },
      );
      if (password !== undefined)
        updates.push(repo.setConnectorConfig(db, row.tenantId, row.type, { ...config, password }));
    }
    if (updates.length > 0) await db.batch(updates as [(typeof updates)[number], ...typeof updates]);
    if (rows.length < RESEAL_PAGE) break;
  }
  return connectorPasswords;
}

const RESEAL_PAGE = 500;
