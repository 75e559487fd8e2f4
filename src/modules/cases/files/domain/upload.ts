/**
 * What an evidence upload may be (docs/decisions/case-work.md#evidence-files): the allowed
 * content types, the size limit and the stored filename. Pure: no I/O.
 */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILENAME_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 500;

/** Types an analyst attaches as evidence; none is rendered as active content by a browser. */
export const ALLOWED_CONTENT_TYPES = [
  "application/pdf",
  "image/png",
  "image/jpeg",
  "text/csv",
  "text/plain",
] as const;
export type AllowedContentType = (typeof ALLOWED_CONTENT_TYPES)[number];

/** The media type of a Content-Type header without parameters, or null when not allowed. */
export function allowedContentType(header: string | null | undefined): AllowedContentType | null {
  const type = (header ?? "").split(";")[0].trim().toLowerCase();
  return (ALLOWED_CONTENT_TYPES as readonly string[]).includes(type) ? (type as AllowedContentType) : null;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
/** C0 controls but tab, LF, FF and CR, and DEL: a text file holding them is binary. (In UTF-8 these
 * bytes stand only for themselves, so the bytes are scanned, not the decoded text.) */
const isBinaryByte = (b: number) =>
  (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) || b === 0x7f;

/**
 * Why the bytes are not of the declared type, or null when they are: the type's signature at
 * offset 0 for PNG, JPEG and PDF (where a browser or viewer looks first); for text/plain and
 * text/csv, UTF-8 (a BOM allowed) without NUL or other control characters. A file whose bytes
 * sniff as another type (HTML declared as image/png) is refused at upload, so it is never stored
 * under a type it does not have.
 */
export function contentMismatch(type: AllowedContentType, bytes: Uint8Array): string | null {
  switch (type) {
    case "image/png":
      return startsWith(bytes, PNG) ? null : "the body does not start with the PNG signature";
    case "image/jpeg":
      return startsWith(bytes, JPEG) ? null : "the body does not start with the JPEG signature (FF D8 FF)";
    case "application/pdf":
      return startsWith(bytes, PDF) ? null : "the body does not start with %PDF-";
    case "text/plain":
    case "text/csv": {
      try {
        new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
      } catch {
        return "the body is not UTF-8 text";
      }
      return bytes.some(isBinaryByte) ? "the body holds control characters: it is not text" : null;
    }
  }
}

/**
 * A filename safe to store and to put back in a Content-Disposition header: the last path
 * segment, letters, digits, dot, dash and underscore only (anything else becomes `_`), no
 * leading dots, at most MAX_FILENAME_LENGTH characters keeping the extension. Null when
 * nothing usable is left.
 */
export function safeFilename(raw: string): string | null {
  const base = raw.split(/[\\/]/).pop() ?? "";
  let name = base
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^[._]+/, "");
  if (name.length > MAX_FILENAME_LENGTH) {
    const dot = name.lastIndexOf(".");
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : "";
    name = name.slice(0, MAX_FILENAME_LENGTH - ext.length) + ext;
  }
  return /[A-Za-z0-9]/.test(name) ? name : null;
}

/** The case kinds that take files (the same list as the case_files.case_kind check). */
export const CASE_KINDS = ["fraud", "aml"] as const;
export type CaseKind = (typeof CASE_KINDS)[number];
