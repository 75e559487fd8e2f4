/**
 * Target URL rules for webhook endpoints (docs/contract.md#target-urls): the shared outbound rules
 * (src/lib/outbound-url.ts) with https on the default port only.
 */
import { checkOutboundUrl, type UrlCheck } from "../../../lib/outbound-url";

export { blockedAddress, parseIPv6 } from "../../../lib/ip-ranges";
export type { UrlCheck } from "../../../lib/outbound-url";

export interface WebhookUrlPolicy {
  /** http to localhost/127.0.0.1 on any port is accepted (ENVIRONMENT development or test). */
  allowLoopbackHttp: boolean;
}

export const checkWebhookUrl = (raw: string, policy: WebhookUrlPolicy): UrlCheck =>
  checkOutboundUrl(raw, { allowLoopbackHttp: policy.allowLoopbackHttp });
