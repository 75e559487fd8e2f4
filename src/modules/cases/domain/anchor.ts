import { toHex } from "../../../lib/crypto";
import { hmacKeysFrom } from "../../../lib/derived-keys";

/**
 * Anchors the head of a case's hash chain to a key the shard database never sees. The chain
 * itself is unkeyed (anyone who can write the shard can rewrite an entry and recompute every
 * later hash and the head); the anchor is HMAC-SHA-256 over (kind, tenant, case, last sequence,
 * head hash) under a key derived from SECRETS_KEY with HKDF (its own info string, so it is
 * independent of the sealing keys and needs no new secret). A rewritten chain then no longer
 * matches its anchor, and a forger cannot compute a new one without the Worker's secret.
 *
 * Each SECRETS_KEY entry yields one anchor key with the same key id, so a rotation works like
 * sealed secrets: the first key anchors, every key listed verifies. A missing SECRETS_KEY fails
 * closed: nothing is written unanchored and nothing anchored is reported as checked.
 */
const ANCHOR_KEYS = {
  salt: "case-head-anchor",
  info: "credit-ops/case-head-anchor/v1",
  what: "case heads cannot be anchored",
};
const encoder = new TextEncoder();

export type CaseKind = "fraud" | "aml";

export interface AnchoredHead {
  kind: CaseKind;
  tenantId: string;
  caseId: string;
  lastSequence: number;
  headHash: string;
}

export interface Anchor {
  anchor: string;
  keyId: string;
}

export interface AnchorKeys {
  signingKeyId: string;
  keys: ReadonlyMap<string, CryptoKey>;
}

/** The anchor keys derived from a SECRETS_KEY value (cached per value, like the sealing keyring). */
export async function anchorKeysFrom(secretsKey: string | undefined): Promise<AnchorKeys> {
  const derived = await hmacKeysFrom(secretsKey, ANCHOR_KEYS);
  return { signingKeyId: derived[0].id, keys: new Map(derived.map(({ id, key }) => [id, key])) };
}

/** Unambiguous message: every part is fixed-format (uuid, integer, hex) or separated by newline. */
const message = (h: AnchoredHead) =>
  encoder.encode(`v1\n${h.kind}\n${h.tenantId}\n${h.caseId}\n${h.lastSequence}\n${h.headHash}`);

export async function anchorHead(keys: AnchorKeys, head: AnchoredHead): Promise<Anchor> {
  const key = keys.keys.get(keys.signingKeyId) as CryptoKey;
  const mac = await crypto.subtle.sign("HMAC", key, message(head));
  return { anchor: toHex(mac), keyId: keys.signingKeyId };
}

const fromHex = (hex: string): Uint8Array | null =>
  /^(?:[0-9a-f]{2})+$/.test(hex)
    ? Uint8Array.from(hex.match(/../g) ?? [], (b) => Number.parseInt(b, 16))
    : null;

/**
 * Whether `stored` is the anchor of `head`: null when there is none (cases written before
 * anchoring existed), false when it does not match or names a key SECRETS_KEY no longer holds.
 */
export async function checkAnchor(
  keys: AnchorKeys,
  head: AnchoredHead,
  stored: { anchor: string | null; keyId: string | null },
): Promise<boolean | null> {
  if (stored.anchor === null && stored.keyId === null) return null;
  const key = stored.keyId ? keys.keys.get(stored.keyId) : undefined;
  const mac = stored.anchor ? fromHex(stored.anchor) : null;
  if (!key || !mac) return false;
  return crypto.subtle.verify("HMAC", key, mac, message(head));
}
