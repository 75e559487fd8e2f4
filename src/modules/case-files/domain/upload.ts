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
