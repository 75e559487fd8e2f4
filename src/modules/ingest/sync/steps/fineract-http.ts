import type { ConnectorConfig } from "../../../../db/control-schema";
import { allowsLoopbackHttp } from "../../../../env";
import { checkConnectorUrl } from "../../../../lib/connector-url";
import { isLoopbackName } from "../../../../lib/outbound-url";
import { readCapped } from "../../../../lib/read-capped";
import type { Step } from "../runner";

/** The Fineract REST client of the core-banking sync: one checked, capped GET, and list paging. */

export type FineractConfig = Extract<ConnectorConfig, { provider: "fineract" }>;

/** Page size for Fineract list calls. */
export const PAGE_SIZE = 200;

export interface FineractCursor {
  phase?: "clients" | "accounts" | "transactions" | "loans" | "loanDetails";
  offset?: number;
  after?: string;
}

export class FineractError extends Error {}

/** The API root: `.../fineract-provider/api/v1` (appended when the configured URL stops short). */
export function apiRoot(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, "");
  return /\/api\/v1$/.test(trimmed) ? trimmed : `${trimmed}/api/v1`;
}

/**
 * One GET against the connector: the URL rules again (the stored URL may predate them),
 * credentials only over https or to loopback, no redirects, a timeout and a size cap. Every
 * failure is a FineractError: the run fails with that message, nothing crashes.
 */
export async function get<T>(step: Step, config: FineractConfig, path: string): Promise<T> {
  const where = `Fineract GET ${path.split("?")[0]}`;
  const check = checkConnectorUrl(`${apiRoot(config.baseUrl)}${path}`, allowsLoopbackHttp(step.ctx.env));
  if (!check.ok) throw new FineractError(`the connector's baseUrl is refused: ${check.reason}`);
  if (check.url.protocol !== "https:" && !isLoopbackName(check.url.hostname)) {
    throw new FineractError("credentials are sent only over https"); // implied by the rules; kept explicit
  }
  step.requests++;
  const { timeoutMs, maxResponseBytes } = step.deps;
  let res: Response;
  try {
    res = await step.deps.fetcher(check.url.toString(), {
      headers: {
        Accept: "application/json",
        Authorization: `Basic ${btoa(`${config.username}:${config.password}`)}`,
        "Fineract-Platform-TenantId": config.tenantIdentifier,
      },
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const name = (err as Error)?.name;
    throw new FineractError(
      name === "TimeoutError" || name === "AbortError"
        ? `${where} timed out after ${timeoutMs} ms`
        : `${where} failed: ${String((err as Error)?.message ?? err).slice(0, 200)}`,
    );
  }
  if (res.status >= 300 && res.status < 400) {
    await res.body?.cancel();
    throw new FineractError(
      `${where} answered a redirect (HTTP ${res.status}); redirects are not followed: configure the final URL`,
    );
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new FineractError(`${where} answered HTTP ${res.status}`);
  }
  let body: { bytes: Uint8Array; truncated: boolean };
  try {
    body = await readCapped(res, maxResponseBytes);
  } catch (err) {
    const name = (err as Error)?.name;
    throw new FineractError(
      name === "TimeoutError" || name === "AbortError"
        ? `${where} timed out after ${timeoutMs} ms`
        : `${where}: the response could not be read`,
    );
  }
  if (body.truncated) {
    throw new FineractError(`${where} answered more than ${maxResponseBytes} bytes; the run stopped`);
  }
  try {
    return JSON.parse(new TextDecoder().decode(body.bytes)) as T;
  } catch {
    throw new FineractError(`${where} answered a body that is not JSON`);
  }
}

export const list = (resource: string, offset: number) =>
  `/${resource}?offset=${offset}&limit=${PAGE_SIZE}&orderBy=id&sortOrder=ASC`;
