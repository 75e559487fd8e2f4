import { call, json } from "../harness";

export interface Content {
  builtins: Record<
    string,
    { enabled: boolean; severity: string; parameters: Record<string, number>; weight: number }
  >;
  thresholds?: Record<string, number>;
  custom: unknown[];
}
export interface Version {
  version: number;
  hash: string;
  basedOnVersion: number;
  fromDraftId: string | null;
  publishedBy: string;
  content: Content;
}
export interface RuleSetBody {
  live: { version: number; hash: string; publishedAt: string | null; content: Content };
  draft: { draftId: string; hash: string; editors: string[]; content: Content } | null;
  requiresSecondApprover: boolean;
}
export interface ErrorBody {
  error: { code: string; details?: Array<{ path: string; message: string; code?: string }> };
}

export const putDraft = (key: string, kind: string, body: unknown) =>
  call("PUT", `/v1/rule-sets/${kind}/draft`, { key, body });
export const publish = (key: string, kind: string, reason = "test") =>
  call("POST", `/v1/rule-sets/${kind}/publish`, { key, body: { reason } });
export const ruleSet = async (key: string, kind: string) =>
  json<RuleSetBody>(await call("GET", `/v1/rule-sets/${kind}`, { key }));

/** A fraud draft that disables one signal and tunes another. */
export const fraudChange = (minCount: number) => ({
  builtins: {
    round_amounts: { enabled: false, severity: "low", parameters: {}, weight: 1 },
    velocity_count: { enabled: true, severity: "high", parameters: { minCount }, weight: 2 },
  },
});

/** A rule's line of a rule-set backtest (both backtest test files). */
export interface BacktestRuleRow {
  ruleId: string;
  source: string;
  liveHits: number;
  draftHits: number;
  newlyHit: number;
  noLongerHit: number;
  newlyHitSample: string[];
  noLongerHitSample: string[];
  precision: { confirmed: number; cleared: number; sampleSize: number; precision: number | null } | null;
}

/** A backtest run as GET/POST .../backtests answer it (the fields the tests read). */
export interface BacktestRun {
  backtestId: string;
  status: string;
  progress: {
    unitsDone: number;
    unitsEstimated: number;
    percent: number;
    partitions: number;
    fraudPagesDone: number;
  };
  backtest?: {
    live: { version: number; hash: string };
    draft: { version: null; hash: string; basedOnVersion: number };
    entitiesActive: number;
    rules: BacktestRuleRow[];
    skippedRules: Array<{ ruleId: string; side: string }>;
    casesOpened: number;
  };
}
