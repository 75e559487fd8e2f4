// The at-least-once client of bench/faults.mjs: sends a request until the service gives a final
// answer, retrying 429, 503, 409 `idempotency_key_in_use`, network errors and answers that do not
// come within 30 s, with backoff (100 ms doubling to 2 s, or Retry-After when longer, at most 5 s).
// Counts per client: requests without an answer in 30 s, network errors, retries by cause, and
// when the first request sent after a kill was answered (the time to recover).
const ANSWER_TIMEOUT_MS = 30_000;
const GIVE_UP_MS = 15 * 60_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export class AtLeastOnceClient {
  constructor(url) {
    this.url = url;
    this.unanswered = 0;
    this.networkErrors = 0;
    this.retried = {};
    this.killedAt = null;
    this.recoveredAt = null;
  }

  /** A kill at `at`: the next request sent after it and answered marks the recovery. */
  killed(at) {
    this.killedAt = at;
    this.recoveredAt = null;
  }

  get recoverMs() {
    return this.killedAt && this.recoveredAt ? this.recoveredAt - this.killedAt : null;
  }

  /** One request until a final answer: `{ status, body }`. Throws after 15 minutes of retries. */
  async send(token, method, path, body, { idempotencyKey } = {}) {
    const headers = {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
    };
    const text = body === undefined ? undefined : JSON.stringify(body);
    const started = Date.now();
    for (let attempt = 0; Date.now() - started < GIVE_UP_MS; attempt++) {
      const sentAt = Date.now();
      let outcome;
      let wait = Math.min(2000, 100 * 2 ** attempt);
      try {
        const res = await fetch(`${this.url}${path}`, {
          method,
          headers,
          body: text,
          signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
        });
        const raw = await res.text();
        let json;
        try {
          json = JSON.parse(raw);
        } catch {
          json = { raw };
        }
        const code = json?.error?.code;
        const again = res.status === 429 || res.status === 503 || code === "idempotency_key_in_use";
        if (!again) {
          if (this.killedAt && sentAt > this.killedAt && !this.recoveredAt) this.recoveredAt = Date.now();
          return { status: res.status, body: json };
        }
        outcome = `${res.status}${code ? ` ${code}` : ""}`;
        const after = Number(res.headers.get("retry-after"));
        if (after > 0) wait = Math.max(wait, Math.min(5000, after * 1000));
      } catch (error) {
        if (error.name === "TimeoutError") {
          outcome = "no answer in 30 s";
          this.unanswered++;
        } else if (error instanceof TypeError) {
          outcome = "network error";
          this.networkErrors++;
        } else throw error;
      }
      this.retried[outcome] = (this.retried[outcome] ?? 0) + 1;
      await sleep(wait);
    }
    throw new Error(`${method} ${path}: no final answer in ${GIVE_UP_MS / 60_000} minutes`);
  }

  /** Like send, and throws unless the final answer is one of `ok`. */
  async must(token, method, path, body, options = {}, ok = [200, 201, 202]) {
    const res = await this.send(token, method, path, body, options);
    if (!ok.includes(res.status))
      throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body;
  }
}
