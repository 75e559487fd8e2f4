// The load generator of openLoopPost (open-loop.mjs), in its own process: reads { url, key,
// body, rps, seconds, timeoutMs, warmup } as JSON on stdin, runs the open loop and writes its result as
// JSON on stdout.
import { openLoop, post } from "./open-loop.mjs";

let input = "";
for await (const chunk of process.stdin) input += chunk;
const { url, key, body, rps, seconds, timeoutMs, warmup } = JSON.parse(input);
// A fresh process loads fetch lazily and has no open connection: warmed first, so the schedule's
// first requests do not wait for the client.
for (let i = 0; i < warmup; i++) await post(url, key, body);
const result = await openLoop((signal) => post(url, key, body, signal), { rps, seconds, timeoutMs });
process.stdout.write(JSON.stringify(result));
