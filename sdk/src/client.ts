import createFetchClient, { type Client } from "openapi-fetch";
import { ApiError, retryAfterSeconds } from "./errors.js";
import type { paths } from "./schema.js";

export type CreditOpsClient = Client<paths>;
export type FetchLike = (request: Request) => Promise<Response>;

export interface ClientOptions {
  /** e.g. "https://api.example.com" (no trailing /v1: paths carry it). */
  baseUrl: string;
  apiKey: string;
  /** Defaults to the global fetch; tests pass the Worker's own (SELF.fetch). */
  fetch?: FetchLike;
  /** Retries after a network error, 429, 503 or 409 idempotency_key_in_use. Default 3. */
  maxRetries?: number;
  /** A Retry-After longer than this is not waited for: the 429/503 surfaces as ApiError. Default 30 s. */
  maxRetryDelayMs?: number;
  /** Injected in tests so backoff does not really wait. */
  sleep?: (ms: number) => Promise<void>;
}

const SAFE_TO_REPEAT = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);
const BOOKMARK = "x-d1-bookmark";

/**
 * A typed client for every operation in openapi.json (openapi-fetch over the generated types).
 * What it adds on every call:
 * - `Authorization: Bearer <apiKey>`;
 * - on POST, an `Idempotency-Key` (a new UUID per call unless you pass one), the same on each retry,
 *   so a retried POST does the work once;
 * - retries with exponential backoff, waiting `Retry-After` when the API sends it;
 * - the last `x-d1-bookmark` seen is sent back, so reads see this client's own writes;
 * - any non-2xx answer (except 304) throws `ApiError`, built from the error envelope.
 */
export function createClient(options: ClientOptions): CreditOpsClient {
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    fetch: retryingFetch(options),
  });
  client.use({
    async onResponse({ response }) {
      if (!response.ok && response.status !== 304) throw await ApiError.from(response);
      return undefined;
    },
  });
  return client;
}

/** The body of a successful call (`await ok(api.GET(...))`); throws when the answer had none. */
export async function ok<T>(pending: Promise<{ data?: T; response: Response }>): Promise<T> {
  const { data, response } = await pending;
  if (data === undefined) {
    throw new ApiError(
      response.status,
      "no_body",
      "The answer has no body",
      [],
      response.headers.get("x-request-id"),
    );
  }
  return data;
}

function retryingFetch(options: ClientOptions): FetchLike {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const maxRetries = options.maxRetries ?? 3;
  const maxDelay = options.maxRetryDelayMs ?? 30_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let bookmark: string | null = null;

  return async (request) => {
    const headers = new Headers(request.headers);
    headers.set("authorization", `Bearer ${options.apiKey}`);
    if (request.method === "POST" && !headers.has("idempotency-key")) {
      headers.set("idempotency-key", crypto.randomUUID());
    }
    if (bookmark && !headers.has(BOOKMARK)) headers.set(BOOKMARK, bookmark);
    // Read once: a Request body can be sent only once, and each retry needs it again.
    const body = request.body ? await request.arrayBuffer() : undefined;
    const repeatable = SAFE_TO_REPEAT.has(request.method) || headers.has("idempotency-key");

    for (let attempt = 0; ; attempt++) {
      const last = attempt >= maxRetries;
      let response: Response;
      try {
        const { method, signal } = request;
        response = await send(new Request(request.url, { method, headers, body, signal }));
      } catch (error) {
        if (last || !repeatable || request.signal?.aborted) throw error;
        await sleep(backoff(attempt, maxDelay));
        continue;
      }
      bookmark = response.headers.get(BOOKMARK) ?? bookmark;
      if (last || !(await worthRetrying(response, repeatable))) return response;
      const retryAfter = retryAfterSeconds(response.headers.get("retry-after"));
      if (retryAfter !== null && retryAfter * 1000 > maxDelay) return response;
      await response.body?.cancel();
      await sleep(retryAfter !== null ? retryAfter * 1000 : backoff(attempt, maxDelay));
    }
  };
}

async function worthRetrying(response: Response, repeatable: boolean): Promise<boolean> {
  if (response.status === 429) return true; // refused before any work: safe for every method
  if (!repeatable) return false;
  if (response.status === 503) return true;
  if (response.status !== 409) return false;
  // The first attempt with this key is still running (e.g. ours, after a timeout): ask again shortly.
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: { code?: string } } | null;
  return body?.error?.code === "idempotency_key_in_use";
}

/** 0.25 s, 0.5 s, 1 s, ... capped, with jitter so many clients do not retry in step. */
const backoff = (attempt: number, maxDelay: number) =>
  Math.min(maxDelay, 250 * 2 ** attempt) * (0.5 + Math.random() / 2);
