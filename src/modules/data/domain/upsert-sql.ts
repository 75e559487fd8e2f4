/**
 * Set-based upserts: a chunk of rows travels as ONE bound JSON parameter, expanded in SQL
 * with json_each, so a statement has 2-4 bound parameters however many rows it carries.
 * An optional field that is absent from the JSON keeps the stored value; JSON null clears it.
 *
 * Parameters: ?1 rows (JSON array), ?2 tenant id, ?3 now (ISO), ?4 default currency, ?5 the
 * tenant predicate on the existing row `e` (bound by data/upsert/repo.ts through the tenant helpers).
 */
export interface Column {
  column: string;
  /** Key in the row JSON. */
  key: string;
  /** SQL used on insert when the key is absent (constant or ?3 / ?4). */
  insertDefault?: string;
  /**
   * Written by an insert only: an existing row keeps its value, and a difference is no change
   * (transactions' flow, which classification owns: ingest sends the flow a new row will have).
   */
  insertOnly?: boolean;
}

export interface TableSpec {
  table: string;
  columns: Column[];
  /** Only tables that have updated_at get it bumped on change. */
  hasUpdatedAt: boolean;
  /**
   * created_at from the row: never for client data any more (a source's date goes to
   * source_created_at), so every table keeps "first recorded here" and this stays false.
   */
  createdAtFromRow: boolean;
}

const col = (column: string, key: string, insertDefault?: string): Column => ({ column, key, insertDefault });

export const CUSTOMERS: TableSpec = {
  table: "customers",
  hasUpdatedAt: true,
  createdAtFromRow: false,
  columns: [
    col("name", "name"),
    col("type", "type", "'business'"),
    col("email", "email"),
    col("phone", "phone"),
    col("status", "status", "'active'"),
    col("vertical", "vertical"),
    col("risk_level", "riskLevel"),
    col("risk_score", "riskScore"),
    col("tags", "tags", "'[]'"),
    col("business_info", "businessInfo", "'{}'"),
    col("source_created_at", "sourceCreatedAt"),
  ],
};

export const ACCOUNTS: TableSpec = {
  table: "accounts",
  hasUpdatedAt: true,
  createdAtFromRow: false,
  columns: [
    col("customer_id", "customerId"),
    col("type", "type", "'current'"),
    col("name", "name"),
    col("status", "status", "'active'"),
    col("currency", "currency"),
    col("current_balance_minor", "currentBalanceMinor"),
    col("available_balance_minor", "availableBalanceMinor"),
    col("credit_limit_minor", "creditLimitMinor"),
    col("source_created_at", "sourceCreatedAt"),
  ],
};

export const TRANSACTIONS: TableSpec = {
  table: "transactions",
  hasUpdatedAt: false,
  createdAtFromRow: false,
  columns: [
    col("customer_id", "customerId"),
    col("account_id", "accountId"),
    col("agent_id", "agentId"),
    col("type", "type"),
    col("category", "category"),
    col("amount_minor", "amountMinor"),
    col("currency", "currency"),
    col("description", "description"),
    col("status", "status", "'completed'"),
    col("transaction_date", "transactionDate"),
    col("merchant_name", "merchantName"),
    col("balance_after_minor", "balanceAfterMinor"),
    col("channel", "channel"),
    col("counterparty_name", "counterpartyName"),
    col("counterparty_account", "counterpartyAccount"),
    col("counterparty_country", "counterpartyCountry"),
    { column: "flow", key: "flow", insertOnly: true },
  ],
};

export const AGENTS: TableSpec = {
  table: "agents",
  hasUpdatedAt: true,
  createdAtFromRow: false,
  columns: [
    col("agent_id", "agentId"),
    col("agent_code", "agentCode"),
    col("agent_name", "agentName"),
    col("agent_type", "agentType", "'individual'"),
    col("agent_tier", "agentTier"),
    col("agent_status", "agentStatus"),
    col("float_balance_minor", "floatBalanceMinor", "0"),
    col("float_limit_minor", "floatLimitMinor", "0"),
    col("currency", "currency", "?4"),
    col("region", "region"),
    col("serves_regions", "servesRegions", "'[]'"),
    col("activated_at", "activatedAt"),
    col("last_transaction_at", "lastTransactionAt"),
    col("source_created_at", "sourceCreatedAt"),
  ],
};

const get = (key: string) => `json_extract(r.value, '$.${key}')`;
const present = (key: string) => `json_type(r.value, '$.${key}') IS NOT NULL`;

/**
 * The value a column gets: the row's when the key is present (JSON arrays/objects stay
 * JSON text), else the stored one (e = the existing row, LEFT JOINed), else the default.
 */
function merged(c: Column): string {
  if (c.insertOnly) return `CASE WHEN e.id IS NOT NULL THEN e.${c.column} ELSE ${get(c.key)} END`;
  const fallback = c.insertDefault ?? "NULL";
  return `CASE WHEN ${present(c.key)} THEN ${get(c.key)} WHEN e.id IS NOT NULL THEN e.${c.column} ELSE ${fallback} END`;
}

/**
 * One INSERT .. SELECT .. ON CONFLICT DO UPDATE per chunk. The LEFT JOIN makes the JSON
 * rows the outer loop (each existing row found through the unique external index), and
 * the DO UPDATE only fires for rows whose values change, so a re-ingest writes nothing.
 * RETURNING yields one row per row inserted or changed (trigger writes not included): `returning`
 * (default `1`), or columns of the row as stored, which spare a caller reading the rows back.
 */
export function upsertSql(spec: TableSpec, returning = "1"): string {
  const columns = [...spec.columns];
  columns.push(col("created_at", "createdAt", "?3"));
  const names = ["id", "tenant_id", "external_id", "external_source", ...columns.map((c) => c.column)];
  const values = [
    `coalesce(e.id, ${get("id")})`,
    "?2",
    get("externalId"),
    get("externalSource"),
    ...columns.map((c) =>
      c.column === "created_at" && !spec.createdAtFromRow ? "coalesce(e.created_at, ?3)" : merged(c),
    ),
  ];
  const updates = columns.filter(
    (c) => !c.insertOnly && (c.column !== "created_at" || spec.createdAtFromRow),
  );
  const sets = updates.map((c) => `${c.column} = excluded.${c.column}`);
  if (spec.hasUpdatedAt) {
    names.push("updated_at");
    values.push("?3");
    sets.push("updated_at = excluded.updated_at");
  }
  const changed = updates.map((c) => `${spec.table}.${c.column} IS NOT excluded.${c.column}`).join(" OR ");
  return `INSERT INTO ${spec.table} (${names.join(", ")})
SELECT ${values.join(", ")}
FROM json_each(?1) AS r
LEFT JOIN ${spec.table} AS e ON ?5
  AND e.external_source = ${get("externalSource")} AND e.external_id = ${get("externalId")}
WHERE true
ON CONFLICT (tenant_id, external_source, external_id) DO UPDATE SET ${sets.join(", ")}
WHERE ${changed}
RETURNING ${returning}`;
}

/** The spec of each table ingest writes. */
export const TABLE_SPECS = {
  customers: CUSTOMERS,
  accounts: ACCOUNTS,
  transactions: TRANSACTIONS,
  agents: AGENTS,
};
