import { allowsLoopbackHttp, type Env } from "../../env";
import { BREAKER_COOLDOWN_SECONDS } from "./domain/breaker";
import { parseRetrySchedule } from "./domain/schedule";
import type { WebhookUrlPolicy } from "./domain/ssrf";

export interface WebhookConfig {
  retryDelays: readonly number[];
  breakerCooldownSeconds: number;
  urlPolicy: WebhookUrlPolicy;
  /** Unseals the stored signing secrets (src/lib/sealed.ts). */
  secretsKey: string | undefined;
}

/**
 * Timings come from the environment so local proofs run the whole schedule in seconds;
 * deployed configuration sets neither variable. Loopback http receivers are accepted in
 * local development and in the test environment (vitest sets ENVIRONMENT "test"), never in
 * production.
 */
export function webhookConfig(env: Env): WebhookConfig {
  const cooldown = Number(env.WEBHOOK_BREAKER_COOLDOWN_SECONDS);
  return {
    retryDelays: parseRetrySchedule(env.WEBHOOK_RETRY_SCHEDULE),
    breakerCooldownSeconds: Number.isInteger(cooldown) && cooldown > 0 ? cooldown : BREAKER_COOLDOWN_SECONDS,
    urlPolicy: { allowLoopbackHttp: allowsLoopbackHttp(env) },
    secretsKey: env.SECRETS_KEY,
  };
}

/** A WEBHOOK_QUEUE message: ids only. `attempt` is the attempt number it is meant to make. */
export interface DeliveryMessage {
  tenantId: string;
  deliveryId: string;
  attempt: number;
}

export function isDeliveryMessage(body: unknown): body is DeliveryMessage {
  const b = body as Partial<DeliveryMessage> | null;
  return (
    typeof b === "object" &&
    b !== null &&
    typeof b.tenantId === "string" &&
    typeof b.deliveryId === "string" &&
    Number.isInteger(b.attempt)
  );
}
