import { instantOfLocal as instantOf, utcOffsetMinutes } from "../../rules/domain/custom/time-zone";

/**
 * When scheduled portfolio monitoring runs (docs/methodology/monitoring.md#schedule-portfolio-runs). The
 * minute cron asks each tenant for its latest occurrence; the run table's unique
 * (tenant, occurrence) makes it once per occurrence, and an occurrence missed while the cron
 * was down still runs at the next check, since the latest one stays due until the next begins.
 */
export const SCHEDULE_FREQUENCIES = ["off", "hourly", "daily"] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

export interface MonitoringSchedule {
  frequency: ScheduleFrequency;
  /** Local hour (0-23) of a daily run. */
  hour: number;
  /** IANA time zone the hour is read in. */
  timeZone: string;
}

export const DEFAULT_SCHEDULE: Omit<MonitoringSchedule, "timeZone"> = { frequency: "daily", hour: 2 };

export interface Occurrence {
  /** Unique per schedule slot, e.g. "daily:2026-11-24T02" (local date and hour). */
  key: string;
  /** The instant the slot began. */
  at: Date;
}

const HOUR_MS = 3_600_000;
const pad = (n: number) => String(n).padStart(2, "0");

/** Local calendar fields of an instant in a zone. */
function localParts(at: Date, timeZone: string) {
  const local = new Date(at.getTime() + utcOffsetMinutes(timeZone, at) * 60_000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth(),
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
  };
}

const keyOf = (frequency: ScheduleFrequency, at: Date, timeZone: string) => {
  const p = localParts(at, timeZone);
  return `${frequency}:${p.year}-${pad(p.month + 1)}-${pad(p.day)}T${pad(p.hour)}`;
};

/** The latest slot at or before `now`; null when the schedule is off. */
export function latestOccurrence(schedule: MonitoringSchedule, now: Date): Occurrence | null {
  const { frequency, timeZone } = schedule;
  if (frequency === "off") return null;
  const p = localParts(now, timeZone);
  if (frequency === "hourly") {
    const at = instantOf(timeZone, p.year, p.month, p.day, p.hour);
    return { key: keyOf(frequency, at, timeZone), at };
  }
  let at = instantOf(timeZone, p.year, p.month, p.day, schedule.hour);
  // Before today's hour: yesterday's slot is the latest.
  if (at.getTime() > now.getTime()) {
    const yesterday = new Date(Date.UTC(p.year, p.month, p.day) - 24 * HOUR_MS);
    at = instantOf(
      timeZone,
      yesterday.getUTCFullYear(),
      yesterday.getUTCMonth(),
      yesterday.getUTCDate(),
      schedule.hour,
    );
  }
  return { key: keyOf(frequency, at, timeZone), at };
}

/** The schedule as stored in settings: each field optional (absent: the default). */
export interface ScheduleSetting {
  frequency?: ScheduleFrequency;
  hour?: number;
  timeZone?: string | null;
}

/** The schedule in force: defaults filled in; the zone falls back to the tenant's, then UTC. */
export function effectiveSchedule(
  setting: ScheduleSetting | undefined,
  tenantTimeZone: string | undefined,
): MonitoringSchedule {
  return {
    frequency: setting?.frequency ?? DEFAULT_SCHEDULE.frequency,
    hour: setting?.hour ?? DEFAULT_SCHEDULE.hour,
    timeZone: setting?.timeZone ?? tenantTimeZone ?? "UTC",
  };
}

/**
 * The occurrence a run is due for now, or null. The latest slot stays due until it has a run
 * (the caller checks the run table), so a slot missed while the cron was down is caught up; but
 * a slot that began before `since` (the tenant's creation or last settings change) is not: a
 * schedule applies from the moment it is set, and a new tenant or a moved hour does not start
 * an immediate catch-up run.
 */
export function dueOccurrence(schedule: MonitoringSchedule, now: Date, since: Date): Occurrence | null {
  const latest = latestOccurrence(schedule, now);
  return latest && latest.at.getTime() >= since.getTime() ? latest : null;
}

/** An IANA name the runtime's Intl knows (what evaluation will resolve). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
