/**
 * Evidence files on fraud and AML cases (docs/decisions/case-work.md#evidence-files): the bytes
 * in R2 under the tenant's prefix, a row listing them, and an `evidence_added` entry in the
 * case's hash-chained log carrying the file's SHA-256. Downloads re-hash what R2 returns.
 */
import type { CaseFileKind, CaseFileRow } from "../../../db/shard/cases";
import type { TenantContext } from "../../../db/tenant-context";
import { toHex } from "../../../lib/crypto";
import { AppError, badRequest, notFound } from "../../../lib/errors";
import { tenantAuditInsert } from "../../audit/service";
import { deleteTenantObjects, putTenantObject } from "../../usage/objects/service";
import { assertStorage } from "../../usage/service";
import { caseKind } from "../kinds/service";
import { type AllowedContentType, contentMismatch, MAX_FILE_BYTES, safeFilename } from "./domain/upload";
import * as repo from "./repo";

export const fileObjectKey = (tenantId: string, kind: CaseFileKind, caseId: string, fileId: string) =>
  `tenants/${tenantId}/case-files/${kind}/${caseId}/${fileId}`;

export const presentFile = (r: CaseFileRow) => ({
  id: r.id,
  caseKind: r.caseKind,
  caseId: r.caseId,
  filename: r.filename,
  contentType: r.contentType as AllowedContentType,
  size: r.sizeBytes,
  sha256: r.sha256,
  description: r.description,
  uploadedBy: r.uploadedBy,
  actorKeyId: r.actorKeyId,
  createdAt: r.createdAt,
});

export interface UploadInput {
  bytes: ArrayBuffer;
  contentType: AllowedContentType;
  filename: string;
  description?: string;
  actorId: string;
  actorName?: string;
  actorKeyId: string | null;
}

async function assertCase(ctx: TenantContext, kind: CaseFileKind, caseId: string) {
  if (!(await caseKind(kind).exists(ctx, caseId))) throw notFound(caseKind(kind).name);
}

/**
 * Stores the file in R2 first (a failure after it leaves an unlisted object, never a listed
 * file without bytes; a keyed retry puts the same object again), then records it. AML: the row
 * is committed in the history entry's batch. Fraud: the event goes through the case's Durable
 * Object, so the row is written before it and removed again when the object refuses the event.
 */
export async function uploadFile(ctx: TenantContext, kind: CaseFileKind, caseId: string, input: UploadInput) {
  // The body limit refuses larger bodies before this; checked again on what was actually read.
  if (input.bytes.byteLength > MAX_FILE_BYTES)
    throw new AppError("payload_too_large", `A file holds at most ${MAX_FILE_BYTES} bytes`);
  if (input.bytes.byteLength === 0)
    throw badRequest("The file is empty", [{ path: "(body)", message: "empty" }]);
  const mismatch = contentMismatch(input.contentType, new Uint8Array(input.bytes));
  if (mismatch)
    throw badRequest(`The file is not ${input.contentType}`, [{ path: "Content-Type", message: mismatch }]);
  const filename = safeFilename(input.filename);
  if (!filename)
    throw badRequest("filename has no usable characters", [
      { path: "filename", message: "letters, digits, dot, dash or underscore" },
    ]);
  await assertCase(ctx, kind, caseId);
  await assertStorage(ctx, { objectBytes: input.bytes.byteLength }); // over the quota: 403, nothing stored
  // Under an Idempotency-Key the file's id, and so its object key, is the same on every attempt:
  // a retry after a lost answer puts the same bytes on the same object (no second object, no
  // second count) and finds the row it made (docs/decisions/faults.md#a-kill-while-a-key-is-claimed).
  const id = ctx.idempotent
    ? await ctx.idempotent.stableId(`case_file:${kind}:${caseId}`)
    : crypto.randomUUID();
  const sha256 = toHex(await crypto.subtle.digest("SHA-256", input.bytes));
  const objectKey = fileObjectKey(ctx.tenantId, kind, caseId, id);
  await putTenantObject(ctx.env, ctx.tenantId, objectKey, input.bytes, {
    httpMetadata: { contentType: input.contentType },
    customMetadata: { sha256, caseId, kind },
  });
  const now = ctx.clock.now().toISOString();
  const row: repo.NewCaseFile = {
    id,
    caseKind: kind,
    caseId,
    objectKey,
    filename,
    contentType: input.contentType,
    sizeBytes: input.bytes.byteLength,
    sha256,
    description: input.description ?? null,
    uploadedBy: input.actorId,
    actorKeyId: input.actorKeyId,
    createdAt: now,
  };
  const reference = { fileId: id, sha256, size: row.sizeBytes, contentType: input.contentType, filename };
  const entry = {
    eventType: "evidence_added" as const,
    actorId: input.actorId,
    actorName: input.actorName ?? null,
    actorKeyId: input.actorKeyId,
    text: input.description ?? null,
    summary: `File ${filename} (sha256 ${sha256})`,
    facts: reference,
    evidenceType: "file" as const,
  };
  const log = caseKind(kind);
  const earlier = ctx.idempotent ? await repo.findFile(ctx, kind, caseId, id) : undefined;
  if (earlier) {
    // Made by a keyed attempt whose answer was lost. Its entry is there too (AML: one batch), or,
    // for fraud (row first, then the event), appended now: the keyed append finds its event or adds it.
    await log.append(ctx, caseId, entry);
    return presentFile(earlier);
  }
  try {
    if (log.takesStatements) await log.append(ctx, caseId, entry, [repo.insertFile(ctx, row)]);
    else {
      await repo.insertFile(ctx, row);
      try {
        await log.append(ctx, caseId, entry);
      } catch (error) {
        await repo.deleteFile(ctx, id);
        throw error;
      }
    }
  } catch (error) {
    await deleteTenantObjects(ctx.env, ctx.tenantId, [{ key: objectKey, size: input.bytes.byteLength }]);
    throw error;
  }
  return presentFile({ ...row, tenantId: ctx.tenantId } as CaseFileRow);
}

export async function listFiles(ctx: TenantContext, kind: CaseFileKind, caseId: string) {
  await assertCase(ctx, kind, caseId);
  return (await repo.listFiles(ctx, kind, caseId)).map(presentFile);
}

/** The stored bytes, checked against the SHA-256 recorded at upload (409 `conflict` when not). */
export async function downloadFile(ctx: TenantContext, kind: CaseFileKind, caseId: string, fileId: string) {
  await assertCase(ctx, kind, caseId);
  const row = await repo.findFile(ctx, kind, caseId, fileId);
  if (!row) throw notFound("File");
  const object = await ctx.env.FILES.get(row.objectKey);
  if (!object)
    throw new AppError("conflict", "The file's bytes are missing from storage", [
      { path: "fileId", message: "integrity: object missing" },
    ]);
  const bytes = await object.arrayBuffer();
  if (toHex(await crypto.subtle.digest("SHA-256", bytes)) !== row.sha256)
    throw new AppError("conflict", "The stored file does not match its recorded SHA-256", [
      { path: "fileId", message: "integrity: sha256 mismatch" },
    ]);
  await tenantAuditInsert(ctx, {
    action: "case_file.downloaded",
    target: { type: "case_file", id: row.id },
    after: { caseKind: kind, caseId, sha256: row.sha256, size: row.sizeBytes },
  });
  return { bytes, file: presentFile(row) };
}
