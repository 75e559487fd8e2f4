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
  error: { code: string; details?: Array<{ path: string; message: string }> };
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
