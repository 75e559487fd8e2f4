import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Setup files may run more than once; applyD1Migrations skips what is already applied.
await applyD1Migrations(env.CONTROL_DB, env.CONTROL_MIGRATIONS);
await applyD1Migrations(env.SHARD_0, env.SHARD_MIGRATIONS);
await applyD1Migrations(env.SHARD_1, env.SHARD_MIGRATIONS);
