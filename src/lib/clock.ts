/** Time source passed into services so windows and schedules are testable. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const fixedClock = (iso: string): Clock => ({ now: () => new Date(iso) });

export const daysBefore = (date: Date, days: number): Date => new Date(date.getTime() - days * 86_400_000);
