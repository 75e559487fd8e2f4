/**
 * Ports: where a module calls another whose imports would close a loop in the module graph
 * (scripts/module-cycles.test.mjs). The calling module declares the port and this file, above
 * every module, fills it once per isolate. Imported by src/app.ts and src/jobs/registry.ts, so
 * requests, queue consumers and cron all see it filled (docs/architecture.md#ports).
 *
 * - Monitoring screens transfer counterparties against the sanctions lists, on arrival and before
 *   a transaction (monitoring/screening/steps/counterparty-sanctions.ts); the sanctions module
 *   imports events, data and audit, whose cycle holds monitoring.
 * - Team queues accept only the tenant's enabled users as members
 *   (cases/queues/steps/member-directory.ts); the users module imports admin keys and audit,
 *   whose cycle holds cases.
 * - Case feedback on a rule set counts the closed fraud and AML cases
 *   (rules/feedback/steps/closed-cases.ts); fraud and AML sit above rules, so the counts come
 *   from monitoring/feedback/service.ts, above both.
 * - POST /v1/fraud/evaluate-and-create and POST /v1/kyc-aml/evaluate keep their alert in
 *   monitoring's store (fraud/steps/stored-alerts.ts, aml/evaluation/steps/stored-alerts.ts);
 *   monitoring screens with both engines, so it sits above them.
 * - Links reach their alert ends (cases/links/steps/alert-directory.ts); the monitoring module
 *   stores the alerts and imports fraud and aml, which import cases.
 * - PUT /v1/monitoring/settings writes the tenant row through the admin tenants service
 *   (monitoring/settings/steps/tenant-settings.ts); admin's tenant settings schema holds
 *   monitoring's, so admin sits above monitoring.
 * - Closing an AML case as reported needs a goAML report on file (aml/steps/filed-reports.ts);
 *   goAML's STRs read AML cases, so goAML sits above AML.
 * - Flow classification links transactions to loan events (data/flows/steps/loan-events.ts);
 *   lending reads customers and records events through data, so it sits above data.
 * - A sync reads the tenant's connector (ingest/sync/steps/connector.ts); connectors are admin's,
 *   and admin's shard service calls workflows, which reach ingest through bhi and lending.
 * - The Fineract sync writes loans through lending's ingest (ingest/sync/steps/lending-book.ts);
 *   lending's ingest endpoints use ingest's parser and links, so lending sits above ingest.
 * - The operator's stalled-job figures count offboarding's exports and deletions
 *   (admin/stalled-jobs/steps/offboarding.ts); offboarding removes a tenant's control rows through
 *   the admin tenants service, so it sits above admin.
 */

import { connectorFor } from "./modules/admin/connectors/service";
import { provideStalledOffboarding } from "./modules/admin/stalled-jobs/steps/offboarding";
import { updateTenant } from "./modules/admin/tenants/service";
import { provideAmlAlertStore } from "./modules/aml/evaluation/steps/stored-alerts";
import { provideFiledReports } from "./modules/aml/steps/filed-reports";
import { provideAlertDirectory } from "./modules/cases/links/steps/alert-directory";
import { provideMemberDirectory } from "./modules/cases/queues/steps/member-directory";
import { provideLoanEvents } from "./modules/data/flows/steps/loan-events";
import { provideFraudAlertStore } from "./modules/fraud/steps/stored-alerts";
import { hasFiledReport } from "./modules/goaml/read-model";
import { provideConnectorDirectory } from "./modules/ingest/sync/steps/connector";
import { provideLendingBook } from "./modules/ingest/sync/steps/lending-book";
import { loanEventsOf } from "./modules/lending/history/service";
import { ingestLoanRecords } from "./modules/lending/ingest/service";
import { ingestRepaymentRecords } from "./modules/lending/repayments/service";
import { getAlert, readableAlertIds, visibleKinds } from "./modules/monitoring/alerts/service";
import { closedCaseCounts } from "./modules/monitoring/feedback/service";
import { recordAmlAlert, recordFraudAlert } from "./modules/monitoring/on-demand/service";
import { provideCounterpartyScreener } from "./modules/monitoring/screening/steps/counterparty-sanctions";
import { provideTenantSettingsWriter } from "./modules/monitoring/settings/steps/tenant-settings";
import { stalledOffboarding } from "./modules/offboarding/service";
import { provideClosedCaseCounts } from "./modules/rules/feedback/steps/closed-cases";
import { counterpartyScreener } from "./modules/sanctions/counterparties/service";
import { notEnabledUsers } from "./modules/users/service";

provideCounterpartyScreener(counterpartyScreener);
provideMemberDirectory({ notUsers: notEnabledUsers });
provideClosedCaseCounts(closedCaseCounts);
provideFraudAlertStore(recordFraudAlert);
provideAmlAlertStore(recordAmlAlert);
provideAlertDirectory({
  assertReadable: async (ctx, alertId, scopes) => void (await getAlert(ctx, alertId, visibleKinds(scopes))),
  readable: (ctx, ids, scopes) => readableAlertIds(ctx, [...ids], visibleKinds(scopes)),
});
provideTenantSettingsWriter(updateTenant);
provideFiledReports(hasFiledReport);
provideLoanEvents(loanEventsOf);
provideConnectorDirectory(connectorFor);
provideLendingBook({ loans: ingestLoanRecords, repayments: ingestRepaymentRecords });
provideStalledOffboarding(stalledOffboarding);

import { settleLimited } from "./lib/limited";
import { CaseListQuery as AmlCaseListQuery } from "./modules/aml/cases/schemas";
import {
  appendCaseNote,
  appendCaseNotes,
  getCase as getAmlCase,
  listCases as listAmlCases,
  openCasesForPage,
  openCasesForTriggered,
} from "./modules/aml/cases/service";
import { reanchorAmlPage, tallyAmlAnchors } from "./modules/aml/cases/system-repo";
import { closeUntouchedAml } from "./modules/aml/casework/system-close/service";
import { DISCLAIMER as AML_DISCLAIMER } from "./modules/aml/schemas";
import { provideCaseKindServices } from "./modules/cases/kinds/service";
import { CaseListQuery as FraudCaseListQuery } from "./modules/fraud/cases/schemas";
import { reanchorFraudPage, tallyFraudAnchors } from "./modules/fraud/cases/system-repo";
import { DISCLAIMER as FRAUD_DISCLAIMER } from "./modules/fraud/schemas";
import {
  appendEvent,
  chainOpening,
  closeUntouched as closeFraudUntouched,
  getCase as getFraudCase,
  listEvents,
  listCases as listFraudCases,
  openCasesUnlessOpen,
  openCaseUnlessOpen,
} from "./modules/fraud/service";

// Case kinds' services for the modules above them (cases/kinds/service.ts CaseKindServices): GraphQL
// reads, monitoring's case opening and hit entries, and the key-rotation re-anchor sweep call the
// cases module, not fraud and aml each (issue 37 item 4). Filled here, above every module, so queue
// consumers and cron see them whichever routes loaded.

/** Fraud entries of many cases: each through its case's object, this many at once. */
const FRAUD_NOTES_AT_ONCE = 8;

provideCaseKindServices({
  fraud: {
    reads: {
      listQuery: FraudCaseListQuery,
      list: listFraudCases,
      get: getFraudCase,
      entries: listEvents,
      disclaimer: FRAUD_DISCLAIMER,
    },
    open: {
      one: openCaseUnlessOpen,
      page: (ctx, alerts: Parameters<typeof openCasesUnlessOpen>[1], actor, entries) =>
        openCasesUnlessOpen(
          ctx,
          alerts,
          actor,
          entries as Parameters<typeof openCasesUnlessOpen>[3],
          chainOpening,
        ),
      note: appendEvent,
      notes: (ctx, entries: Array<{ caseId: string; input: Parameters<typeof appendEvent>[2] }>) =>
        settleLimited(entries, FRAUD_NOTES_AT_ONCE, (e) => appendEvent(ctx, e.caseId, e.input)),
    },
    close: { untouched: closeFraudUntouched },
    anchors: { tally: tallyFraudAnchors, page: reanchorFraudPage },
  },
  aml: {
    reads: {
      listQuery: AmlCaseListQuery,
      list: listAmlCases,
      get: getAmlCase,
      // An AML case answers its whole history with it; a page of it is cut from there.
      entries: async (ctx, caseId, page) => {
        const { history } = await getAmlCase(ctx, caseId);
        const data = history.slice(page.offset, page.offset + page.limit);
        return { data, page: { total: history.length, offset: page.offset, nextCursor: null } };
      },
      disclaimer: AML_DISCLAIMER,
    },
    open: {
      one: (ctx, subject: Parameters<typeof openCasesForTriggered>[1]) => openCasesForTriggered(ctx, subject),
      page: (ctx, subjects: Parameters<typeof openCasesForPage>[1], _actor, notes) =>
        openCasesForPage(ctx, subjects, notes as Parameters<typeof openCasesForPage>[2]),
      note: appendCaseNote,
      notes: appendCaseNotes,
    },
    close: { untouched: closeUntouchedAml },
    anchors: { tally: tallyAmlAnchors, page: reanchorAmlPage },
  },
});
