export { type ClientOptions, type CreditOpsClient, createClient, type FetchLike, ok } from "./client.js";
export { ApiError, type ApiErrorDetail } from "./errors.js";
export { type Page, type PageQuery, paginate } from "./paginate.js";
export type { components, operations, paths } from "./schema.js";
export { type VerifyOptions, verifyWebhook, WebhookVerificationError } from "./webhooks.js";
