// The service in a process of its own, for bench/faults.mjs to SIGKILL (with its workerd: the
// parent starts this as a process-group leader). Prints one JSON line {"url"} when ready.
// Usage: node bench/lib/serve-child.mjs <built dir> <state dir> <port>
import { startService } from "./server.mjs";

const [built, persistTo, port] = process.argv.slice(2);
const service = await startService({ built, persistTo, port: Number(port) });
console.log(JSON.stringify({ url: service.url }));
process.on("SIGTERM", async () => {
  await service.dispose();
  process.exit(0);
});
