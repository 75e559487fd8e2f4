/**
 * The docs page's convention sections (rendered by Scalar from info.description), for what
 * the HTTP layer does on every operation. Details: docs/decisions/http-conventions.md.
 */
export const CONVENTIONS_MARKDOWN = `
## Authentication
Send \`Authorization: Bearer <API key>\` on every /v1 request. The tenant comes from the key
alone; another tenant's object answers 404.

## Errors
Every error is \`{"success": false, "error": {"code", "message", "details?"}, "requestId"}\`;
bad input is a 400 with one \`details\` entry per field. Quote \`x-request-id\` when asking for help.

## Idempotency
Send \`Idempotency-Key: <uuid>\` on a creating POST and reuse it on retries. The same key and
request within 24 h return the first answer (\`Idempotent-Replayed: true\`) without doing the work
again; the same key with another request is 422 \`idempotency_key_reused\`; while the first is
still running, 409 \`idempotency_key_in_use\` with \`Retry-After\` (seconds). 5xx answers are not kept.

## Rate limits
Each API key has a per-minute budget (default 1,200, set per tenant by the operator). Every
answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds);
over budget is 429 with \`Retry-After\`.

## CORS
Browser pages may call /v1 from origins the operator allowed for the tenant (exact origins, no
wildcard). Keys are headers, never cookies: no credentials mode.

## Conditional requests
JSON GETs carry an \`ETag\`; send it back in \`If-None-Match\` to get 304 with no body when
nothing changed. Answers are \`Cache-Control: no-store\`.
`;
