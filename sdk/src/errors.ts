/** One field of a 400: `path` is the dotted location in the request ("body.items.0.amount"). */
export interface ApiErrorDetail {
  path: string;
  message: string;
}

/** The API's error envelope: `{success: false, error: {code, message, details?}, requestId}`. */
interface ErrorEnvelope {
  success: false;
  error: { code: string; message: string; details?: ApiErrorDetail[] };
  requestId?: string;
}

const isEnvelope = (body: unknown): body is ErrorEnvelope =>
  typeof body === "object" &&
  body !== null &&
  typeof (body as ErrorEnvelope).error === "object" &&
  typeof (body as ErrorEnvelope).error?.code === "string";

/** Any non-2xx answer. `code` is the API's error code ("bad_request", "not_found", ...). */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ApiErrorDetail[],
    /** Quote it when asking for help: it finds the request in the service's logs. */
    readonly requestId: string | null,
    /** Seconds, from `Retry-After` (429, 503). */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }

  /** Builds the error from a response, whatever its body (an envelope, other JSON, text, nothing). */
  static async from(response: Response): Promise<ApiError> {
    const text = await response.text().catch(() => "");
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {}
    const requestId = response.headers.get("x-request-id");
    const retryAfter = retryAfterSeconds(response.headers.get("retry-after"));
    if (isEnvelope(body)) {
      const { code, message, details } = body.error;
      return new ApiError(
        response.status,
        code,
        message,
        details ?? [],
        body.requestId || requestId,
        retryAfter,
      );
    }
    const message = text.slice(0, 200) || response.statusText || `HTTP ${response.status}`;
    return new ApiError(response.status, `http_${response.status}`, message, [], requestId, retryAfter);
  }
}

/** `Retry-After` as seconds: either delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
