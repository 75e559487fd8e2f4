/**
 * The export archive's layout (pure): one R2 object per page of one table (NDJSON, the rows as
 * stored), one per copied R2 object, control.json (the tenant's control-plane rows) and
 * manifest.json, all under the export's prefix. Every part carries its row count and SHA-256
 * in its R2 custom metadata; the manifest collects them.
 */

export const exportPrefix = (tenantId: string, exportId: string) =>
  `tenants/${tenantId}/exports/${exportId}/`;

/** What a tenant's own objects live under; exports themselves are not exported again. */
export const tenantPrefix = (tenantId: string) => `tenants/${tenantId}/`;
export const isExportObject = (tenantId: string, key: string) =>
  key.startsWith(`${tenantPrefix(tenantId)}exports/`);

const six = (n: number) => String(n).padStart(6, "0");
export const tablePartName = (table: string, part: number) => `${table}-${six(part)}.ndjson`;
export const objectPartName = (n: number) => `object-${six(n)}`;
export const CONTROL_FILE = "control.json";
export const MANIFEST_FILE = "manifest.json" as const;

/** A file name of an export (what the download route accepts): no slashes, no dots first. */
export const FILE_NAME_PATTERN = "^[a-z0-9_]+(-[0-9]{6})?(\\.ndjson|\\.json)?$";

/** One JSON document per line; a row's text is its stored values, keys in column order. */
export const toNdjson = (rows: readonly Record<string, unknown>[]) =>
  rows.map((r) => `${JSON.stringify(r)}\n`).join("");

/** What each part says about itself (R2 custom metadata: strings). */
export interface PartMeta {
  kind: "table" | "object" | "control";
  table?: string;
  rows?: string;
  source?: string;
  sha256: string;
}

export interface ListedPart {
  name: string;
  size: number;
  meta: PartMeta;
}

export interface Manifest {
  format: "credit-ops-tenant-export/1";
  tenantId: string;
  exportId: string;
  createdAt: string;
  completedAt: string;
  tables: Record<
    string,
    { rows: number; parts: Array<{ file: string; rows: number; bytes: number; sha256: string }> }
  >;
  objects: Array<{ file: string; source: string; bytes: number; sha256: string }>;
  control: { file: string; bytes: number; sha256: string } | null;
  caseLogs: string;
}

const CASE_LOGS =
  "fraud_case_events and aml_case_history hold each entry's hash and previous_hash: an entry's hash is " +
  "SHA-256 of previous_hash + '\\n' + canonical JSON of its content (src/lib/hash-chain.ts); the chain's " +
  "head is fraud_case_heads.head_hash / the last aml_case_history entry, anchored by head_anchor. Entries " +
  "with redacted_at set were redacted by an erasure: their stored hash stands for their original content.";

/** The manifest from the parts listed under the export's prefix (tables in listing order). */
export function buildManifest(
  ids: { tenantId: string; exportId: string; createdAt: string; completedAt: string },
  parts: readonly ListedPart[],
  tableOrder: readonly string[],
): Manifest {
  const tables: Manifest["tables"] = {};
  for (const name of tableOrder) tables[name] = { rows: 0, parts: [] };
  const objects: Manifest["objects"] = [];
  let control: Manifest["control"] = null;
  for (const part of [...parts].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const { meta } = part;
    if (meta.kind === "table" && meta.table) {
      const rows = Number(meta.rows ?? 0);
      tables[meta.table] ??= { rows: 0, parts: [] };
      tables[meta.table].rows += rows;
      tables[meta.table].parts.push({ file: part.name, rows, bytes: part.size, sha256: meta.sha256 });
    } else if (meta.kind === "object") {
      objects.push({ file: part.name, source: meta.source ?? "", bytes: part.size, sha256: meta.sha256 });
    } else if (meta.kind === "control") {
      control = { file: part.name, bytes: part.size, sha256: meta.sha256 };
    }
  }
  return { format: "credit-ops-tenant-export/1", ...ids, tables, objects, control, caseLogs: CASE_LOGS };
}
