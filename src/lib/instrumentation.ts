/**
 * Request-scoped figures for the benches. The instrumentation middleware installs one on the
 * tenant context outside production; elsewhere (production, queues, cron) there is none, so
 * a service reports through `ctx.instrumentation?.` and never asks which environment it runs in.
 */
export interface Instrumentation {
  /** Wall time of a named phase of the request's work, in milliseconds. */
  phase(name: string, ms: number): void;
}
