/**
 * List files larger than a JSON body (docs/methodology/sanctions.md#large-files): the operator
 * streams the file as published to R2 first, then loads it by reference. The Worker never holds
 * the upload's bytes: the request body goes to R2 as it arrives; a load reads the object back as
 * a stream, hashing the bytes and decoding the text chunk by chunk.
 */
import type { Env } from "../../../env";
import { toHex } from "../../../lib/crypto";
import { AppError, badRequest } from "../../../lib/errors";

/**
 * The largest list file taken: the biggest official list (the EU's XML, over 20 MB) with room to
 * grow, and a text the Worker parses within its 128 MB: the text is held whole (one byte a
 * character for Latin text), one record's tree at a time, then the entries and their stored JSON,
 * which for XML are a fraction of the text (docs/methodology/sanctions.md#large-files).
 */
export const MAX_LIST_FILE_BYTES = 32 * 1024 * 1024;

/** Control-plane objects: lists are shared by every tenant, so no tenant prefix. */
const keyOf = (uploadId: string) => `sanctions/uploads/${uploadId}`;

export interface ListUpload {
  uploadId: string;
  sizeBytes: number;
  uploadedAt: string;
}

/**
 * Streams a request body of `length` bytes (its Content-Length) to R2 as a new upload. A body
 * shorter or longer than announced fails the put (FixedLengthStream), and nothing is kept.
 */
export async function storeListFile(
  op: { env: Env; clock: { now(): Date }; actor: { type: string; id: string } },
  body: ReadableStream<Uint8Array> | null,
  length: number | null,
): Promise<ListUpload> {
  if (length === null || !Number.isSafeInteger(length) || length < 0)
    throw badRequest("The file's size is required", [
      { path: "Content-Length", message: "required: the file's size in bytes (no chunked upload)" },
    ]);
  if (length === 0 || !body) throw badRequest("The file is empty", [{ path: "(body)", message: "empty" }]);
  if (length > MAX_LIST_FILE_BYTES)
    throw new AppError("payload_too_large", `A list file is at most ${MAX_LIST_FILE_BYTES} bytes`);
  const uploadId = crypto.randomUUID();
  const uploadedAt = op.clock.now().toISOString();
  const fixed = new FixedLengthStream(length);
  const piped = body.pipeTo(fixed.writable);
  const [put] = await Promise.all([
    op.env.FILES.put(keyOf(uploadId), fixed.readable, {
      customMetadata: { uploadedAt, uploadedBy: `${op.actor.type}:${op.actor.id}` },
    }),
    piped,
  ]);
  return { uploadId, sizeBytes: put.size, uploadedAt };
}

/**
 * An upload's text and the SHA-256 of its bytes, read as a stream: the bytes go through a digest
 * and a UTF-8 decoder side by side. An unknown upload is a 400 naming `uploadId`.
 */
export async function readListFile(env: Env, uploadId: string): Promise<{ text: string; sha256: string }> {
  const object = await env.FILES.get(keyOf(uploadId));
  if (!object)
    throw badRequest(`no list file was uploaded as ${uploadId}`, [
      { path: "uploadId", message: "no such upload (POST /admin/sanctions/uploads first)" },
    ]);
  const [forDigest, forText] = object.body.tee();
  const digest = new crypto.DigestStream("SHA-256");
  const hashed = forDigest.pipeTo(digest);
  const parts: string[] = [];
  const reader = forText.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  await hashed;
  return { text: parts.join(""), sha256: toHex(await digest.digest) };
}

/** An upload once a load has read it: the version keeps the hash, the file is not kept twice. */
export const dropListFile = (env: Env, uploadId: string) => env.FILES.delete(keyOf(uploadId));
