import type { Env } from "../env";
import { cronTasks } from "./registry";

export async function handleScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const tasks = cronTasks[controller.cron] ?? [];
  const results = await Promise.allSettled(
    tasks.map((task) => task(env, new Date(controller.scheduledTime))),
  );
  for (const result of results) {
    if (result.status === "rejected") {
      console.error(
        JSON.stringify({
          level: "error",
          msg: "cron task failed",
          cron: controller.cron,
          err: String(result.reason),
        }),
      );
    }
  }
}
