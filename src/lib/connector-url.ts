import { checkOutboundUrl, type UrlCheck } from "./outbound-url";

/**
 * The Fineract connector's base URL: the webhook rules (src/lib/outbound-url.ts), plus port
 * 8443, Fineract's documented https port. Checked when the operator stores it and before
 * every request the sync makes; http only to localhost in development and tests. Here, below
 * the modules, because both the admin module (which stores it) and the ingest sync (which calls
 * it) check it.
 */
export const CONNECTOR_EXTRA_PORTS = [8443] as const;

export const checkConnectorUrl = (raw: string, allowLoopbackHttp: boolean): UrlCheck =>
  checkOutboundUrl(raw, { allowLoopbackHttp, extraPorts: CONNECTOR_EXTRA_PORTS });
