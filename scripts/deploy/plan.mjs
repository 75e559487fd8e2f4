/**
 * The deploy plan, pure (docs/operations.md#deploying): what `npm run deploy` must do for one
 * environment, from the resolved wrangler config of that environment and what the account
 * already has (the outputs of wrangler's own list commands). No I/O here, so the plan is
 * unit-tested against recorded wrangler outputs (scripts/deploy/fixtures, plan.test.mjs).
 */

/** Worker secrets the deployment needs (src/env.ts); set only when absent. */
export const REQUIRED_SECRETS = ["ADMIN_TOKEN", "SECRETS_KEY"];

/** A binding id wrangler.toml may hold before the script has recorded a real one. */
const PLACEHOLDER_ID = /^0{8}-0{4}-0{4}-0{4}-\d{12}$/;

/** What an environment's config asks for: databases (with their migrations), queues, buckets. */
export function desiredResources(config) {
  const queues = new Set();
  for (const p of config.queues?.producers ?? []) queues.add(p.queue);
  for (const c of config.queues?.consumers ?? []) {
    queues.add(c.queue);
    if (c.dead_letter_queue) queues.add(c.dead_letter_queue);
  }
  return {
    worker: config.name,
    databases: (config.d1_databases ?? []).map((d) => ({
      binding: d.binding,
      name: d.database_name,
      id: d.database_id && !PLACEHOLDER_ID.test(d.database_id) ? d.database_id : null,
      migrationsDir: d.migrations_dir ?? null,
    })),
    queues: [...queues].sort(),
    buckets: [...new Set((config.r2_buckets ?? []).map((b) => b.bucket_name))].sort(),
  };
}

/**
 * Bindings of the top-level config an environment lacks: wrangler does not inherit bindings
 * into `[env.*]`, so a binding added at the top only would be missing from the deployment.
 */
export function missingBindings(topLevel, environment) {
  const names = (config) =>
    new Set([
      ...(config.d1_databases ?? []).map((d) => `d1_databases ${d.binding}`),
      ...(config.queues?.producers ?? []).map((p) => `queues.producers ${p.binding}`),
      ...(config.r2_buckets ?? []).map((b) => `r2_buckets ${b.binding}`),
      ...(config.durable_objects?.bindings ?? []).map((b) => `durable_objects ${b.name}`),
      ...(config.ratelimits ?? []).map((r) => `ratelimits ${r.name}`),
      ...Object.keys(config.vars ?? {}).map((v) => `vars ${v}`),
    ]);
  const have = names(environment);
  return [...names(topLevel)].filter((n) => !have.has(n)).sort();
}

/**
 * The steps, in order. `existing`: database ids by name, queue and bucket names, and the
 * Worker's secret names (null: the Worker does not exist yet, so it has none).
 * `ids` after creation come from listing again, never from parsing `create` output.
 */
export function planDeploy({ env, desired, existing }) {
  const steps = [];
  for (const db of desired.databases)
    if (!existing.databases.has(db.name))
      steps.push({ kind: "create-d1", name: db.name, binding: db.binding });
  for (const q of desired.queues) if (!existing.queues.has(q)) steps.push({ kind: "create-queue", name: q });
  for (const b of desired.buckets)
    if (!existing.buckets.has(b)) steps.push({ kind: "create-bucket", name: b });
  const unrecorded = desired.databases.filter((db) => db.id !== existing.databases.get(db.name));
  if (unrecorded.length)
    steps.push({ kind: "record-ids", env, bindings: unrecorded.map((db) => db.binding) });
  // Always: wrangler applies only the migrations a database has not recorded yet.
  for (const db of desired.databases)
    if (db.migrationsDir) steps.push({ kind: "migrate", binding: db.binding, dir: db.migrationsDir });
  const missingSecrets = REQUIRED_SECRETS.filter((s) => !existing.secrets?.has(s));
  steps.push({ kind: "deploy", worker: desired.worker, secrets: missingSecrets });
  return steps;
}

/** The wrangler command of a step (args after `wrangler`), or null for steps the script does itself. */
export function commandOf(step, env) {
  const e = ["--env", env];
  switch (step.kind) {
    case "create-d1":
      return ["d1", "create", step.name];
    case "create-queue":
      return ["queues", "create", step.name];
    case "create-bucket":
      return ["r2", "bucket", "create", step.name];
    case "migrate":
      return ["d1", "migrations", "apply", step.binding, "--remote", ...e];
    case "deploy":
      return ["deploy", ...e, ...(step.secrets.length ? ["--secrets-file", "<temporary file>"] : [])];
    default:
      return null;
  }
}

export function formatPlan(steps, env) {
  return steps.map((step, i) => {
    const cmd = commandOf(step, env);
    const what =
      step.kind === "record-ids"
        ? `record database ids of ${step.bindings.join(", ")} in wrangler.toml [env.${env}]`
        : step.kind === "deploy" && step.secrets.length
          ? `deploy ${step.worker}, setting absent secrets ${step.secrets.join(", ")} with the version`
          : step.kind === "deploy"
            ? `deploy ${step.worker} (secrets already set)`
            : `${step.kind} ${step.name ?? step.binding}`;
    return `${String(i + 1).padStart(2)}. ${what}${cmd ? `\n      wrangler ${cmd.join(" ")}` : ""}`;
  });
}
