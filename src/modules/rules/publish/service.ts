import type { TenantContext } from "../../../db/tenant-context";
import { badRequest, conflict, notFound } from "../../../lib/errors";
import { defaultThresholds } from "../domain/defaults";
import type { RuleSetKind } from "../domain/document";
import { rollbackProblem, thresholdOverrides } from "../domain/publication";
import { checkContent } from "../domain/validate";
import { versionZeroContent } from "../live/service";
import * as repo from "../repo";
import {
  type LiveState,
  liveState,
  publishVersion,
  requiresSecondApprover,
  secondApproverRequired,
} from "../service";

const summary = (live: LiveState) => ({ version: live.version, hash: live.hash });

/**
 * Publishes the draft as the next version. With the tenant's maker-checker setting, the
 * publishing key must not be one that wrote the draft (docs/methodology/rules.md#maker-checker).
 */
export async function publishDraft(ctx: TenantContext, kind: RuleSetKind, reason: string) {
  const draft = await repo.getDraft(ctx, kind);
  if (!draft) throw conflict(`No ${kind} draft to publish`);
  if (requiresSecondApprover(ctx) && ctx.keyId && draft.editors.includes(ctx.keyId)) {
    throw secondApproverRequired(
      "This tenant requires a second approver: a key that did not edit the draft must publish it",
    );
  }
  // Re-checked: the catalog may have changed since the draft was saved (new built-ins get defaults).
  const { content, problems } = checkContent(kind, draft.content, ctx.tenant.settings);
  if (problems.length) throw badRequest("The draft is no longer valid; save it again", problems);
  return publishVersion(ctx, {
    kind,
    content,
    action: "publish",
    reason,
    draft: draft,
    audit: (before, version, hash) => ({
      action: "rule_set.published",
      target: { type: "rule_set", id: kind },
      before: summary(before),
      after: { version, hash, draftId: draft.id, reason },
    }),
  });
}

/** Publishes a copy of an older version as the next one (a rules:publish key may; recorded). */
export async function rollback(ctx: TenantContext, kind: RuleSetKind, target: number, reason: string) {
  const [older, live] = await Promise.all([
    target === 0
      ? versionZeroContent(ctx, kind).then((content) => ({ content }))
      : repo.getVersion(ctx, kind, target),
    liveState(ctx, kind),
  ]);
  if (!older) throw notFound("Rule-set version");
  const problem = rollbackProblem(target, live.version);
  if (problem) throw badRequest("Invalid rollback", [{ path: "version", message: problem }]);
  return publishVersion(ctx, {
    kind,
    content: older.content,
    action: "rollback",
    reason,
    rolledBackTo: target,
    audit: (before, version, hash) => ({
      action: "rule_set.rolled_back",
      target: { type: "rule_set", id: kind },
      before: summary(before),
      after: { version, hash, rolledBackTo: target, reason },
    }),
  });
}

/**
 * The SPEC's PUT /v1/kyc-aml/thresholds: a new AML version, the live content with its thresholds
 * replaced (names left out return to the tenant's defaults, money scaled to its currency). Values are checked by the caller. Under
 * maker-checker one key may not change what runs alone, so it is refused there (use a draft).
 */
export async function publishThresholds(ctx: TenantContext, values: Record<string, number>) {
  if (requiresSecondApprover(ctx)) {
    throw secondApproverRequired(
      "This tenant requires a second approver: change thresholds in the AML rule-set draft and have another key publish it",
    );
  }
  const live = await liveState(ctx, "aml");
  const defaults = defaultThresholds(ctx.tenant.settings.currency);
  const thresholds = { ...defaults, ...values };
  const inForce = (s: Record<string, number>, version: number) => ({
    overrides: thresholdOverrides(s, defaults),
    thresholds: s,
    ruleSetVersion: version,
  });
  return publishVersion(ctx, {
    kind: "aml",
    content: { ...live.content, thresholds },
    action: "thresholds",
    reason: null,
    audit: (before, version) => ({
      action: "aml.thresholds_updated",
      target: { type: "aml_thresholds", id: ctx.tenantId },
      before: inForce({ ...defaults, ...before.content.thresholds }, before.version),
      after: inForce(thresholds, version),
    }),
  });
}
