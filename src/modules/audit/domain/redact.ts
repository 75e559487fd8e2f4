/**
 * Audit entries keep what changed, never a secret: services pass public shapes, and this is the
 * backstop. A field whose name says secret (secret, password, token, hash, key) keeps only the
 * fact that it was set, and any string that looks like one of our secrets is masked wherever it is.
 */
export const REDACTED = "[redacted]";

const SECRET_FIELD = /(secret|password|passphrase|token|hash)$/i;
const SECRET_VALUE = /^(whsec_|csk_|cop_|sealed:v\d+:)/;

const isSecretField = (name: string) => name === "key" || SECRET_FIELD.test(name);
/** Display prefixes (csk_test_AbC12345, whsec_AbCd) are public by design: shown by the API. */
const isDisplayPrefix = (name: string, value: unknown) =>
  /prefix$/i.test(name) && typeof value === "string" && value.length <= 20;

export function redactSecrets<T>(value: T): T {
  return redactValue(value) as T;
}

function redactValue(value: unknown): unknown {
  if (typeof value === "string") return SECRET_VALUE.test(value) ? REDACTED : value;
  if (Array.isArray(value)) return value.map(redactValue);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    // Flags such as hasPassword are facts, not secrets.
    const secret = isSecretField(name) && field !== null && typeof field !== "boolean";
    out[name] = secret ? REDACTED : isDisplayPrefix(name, field) ? field : redactValue(field);
  }
  return out;
}
