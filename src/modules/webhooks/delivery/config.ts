import { allowsLoopbackHttp, type Env } from "../../../env";
import { BREAKER_COOLDOWN_SECONDS } from "../domain/breaker";
import { parseRetrySchedule } from "../domain/schedule";
import type { WebhookUrlPolicy } from "../domain/ssrf";

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
