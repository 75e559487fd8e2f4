// Generated from openapi.json by `npm run sdk` (scripts/sdk.mjs, openapi-typescript). Do not edit.
export interface paths {
    "/v1/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List customers (search by name or email, filter by status), newest first */
        get: operations["listCustomers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a customer by id */
        get: operations["getCustomer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List accounts, optionally of one customer, newest first */
        get: operations["listAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List transactions (customer, account, type, date range), newest transactionDate first */
        get: operations["listTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List mobile-money agents (tier, region, status), newest first */
        get: operations["listAgents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an agent by the tenant's agent identifier */
        get: operations["getAgent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bhi/calculate-from-db": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Calculate and store the BHI of one, several or all customers
         * @description Each calculated customer gets a new record (isLatest) and a `bhi.calculated` event; a drop below the tenant's riskAlertThreshold also records `customer.risk_alert`. Customers that cannot be scored are reported in `results` with `persisted: false` and an `error`. With no customer named and more than 10,000 customers, the run continues in the background: 202 with a job to poll at /v1/bhi/calculate-from-db/jobs/{jobId}.
         */
        post: operations["calculateBhiFromDb"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bhi/calculate-from-db/jobs/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Progress of a background BHI run (started by calculate-from-db with > 10,000 customers) */
        get: operations["getBhiJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bhi": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List BHI records (latest per customer by default), newest first */
        get: operations["listBhiRecords"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bhi/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Portfolio summary over each customer's latest record */
        get: operations["getBhiSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bhi/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A customer's latest BHI record (404 when the customer or its BHI is absent) */
        get: operations["getCustomerBhi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bhi/{customerId}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A customer's BHI history, newest first (404 when the customer is absent) */
        get: operations["getBhiHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/bhi/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A customer's BHI report as JSON, CSV or PDF
         * @description Served from storage while the customer's latest BHI record is unchanged; the ETag names that record, so `If-None-Match` answers 304. CSV (RFC 4180): one row per history record, then one per component of the latest record. 404 when the customer or its BHI is absent.
         */
        get: operations["getBhiReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fraud/signals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List fraud signal definitions */
        get: operations["listFraudSignals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fraud/evaluate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Evaluate fraud signals for an entity (advisory; persists nothing) */
        post: operations["evaluateFraud"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fraud/evaluate-and-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Evaluate, then return the entity's open case or open one when the score reaches the threshold */
        post: operations["evaluateFraudAndCreateCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fraud/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the tenant's stored fraud alerts, newest first (ruleId, ruleSetVersion, severity, entity, trigger, createdAt range) */
        get: operations["listFraudAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fraud/cases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List fraud cases (filters; newest first) */
        get: operations["listFraudCases"];
        put?: never;
        /** Open a fraud case (status open; event 1 is `created`) */
        post: operations["createFraudCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fraud/cases/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Fraud case statistics */
        get: operations["getFraudCaseStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fraud/cases/{caseId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a fraud case with its events (in sequence order) */
        get: operations["getFraudCase"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fraud/cases/{caseId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a case's events in eventSequence order */
        get: operations["listFraudCaseEvents"];
        put?: never;
        /** Append an event to a case (status changes follow the case state machine) */
        post: operations["addFraudCaseEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fraud/cases/{caseId}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change a case's status (appends a status_changed event) */
        post: operations["changeFraudCaseStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fraud/cases/{caseId}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a note to a case (appends a note_added event) */
        post: operations["addFraudCaseNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fraud/cases/{caseId}/assignment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Assign, reassign (assign again) or unassign (assigneeId null) the case: an assigned/unassigned entry in its log; the case shows the current assignee. 409: unassigning a case with no assignee */
        post: operations["AssignFraudCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fraud/cases/{caseId}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add and remove tags: one tag_added/tag_removed entry per tag that changes (at most 20 tags per case; 409 when nothing changes) */
        post: operations["TagFraudCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fraud/cases/{caseId}/close-request/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Maker-checker: a second actor confirms the pending close (the close is appended with its outcome). 403 second_actor_required: the requester confirming; 409: no close pending */
        post: operations["ConfirmFraudCaseClose"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fraud/cases/{caseId}/close-request/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Maker-checker: withdraw or refuse the pending close (close_rejected entry; the status stays). 409: no close pending */
        post: operations["RejectFraudCaseClose"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fraud/cases/{caseId}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recompute the case's hash chain (case row and every event) from genesis */
        get: operations["verifyFraudCase"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fraud/cases/{caseId}/snoozes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the snoozes taken from this case, active and expired, newest first */
        get: operations["listFraudCaseSnoozes"];
        put?: never;
        /** Snooze one rule for the case's entity until a time (an entry of the system allowlist "Case snoozes", recorded in the case log as rule_snoozed); ruleId: a signal of the case or a signal or custom rule of the live fraud rule set */
        post: operations["snoozeFraudCaseRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ingest/{resource}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upsert up to 1000 customers, accounts, transactions or agents by (externalSource, externalId)
         * @description Body: a JSON array of the resource's records (CustomerRecord, AccountRecord, TransactionRecord or AgentRecord), NDJSON (one record per line) or CSV (header row; `a.b` columns nest, list fields are `;`-separated). Each record is validated on its own: bad ones come back in `errors` and are skipped, good ones are written together. Re-sending a batch changes nothing. Load order: customers, agents, accounts, transactions.
         */
        post: operations["ingestRecords"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sync/{connectorType}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sync from the tenant's core-banking connector (export files in R2, or Apache Fineract)
         * @description `export`: loads the files under `tenants/{tenantId}/imports/core_banking/` not loaded before (customers, agents, accounts, then transactions). `fineract`: pulls clients, savings accounts and their transactions, incrementally after the first sync. `recordsWritten` counts rows created or changed. A large sync answers 202 with status `running` and continues in the background. Any other connector type in the path answers 400.
         */
        post: operations["syncCoreBanking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sync/runs/{runId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Status of a sync run */
        get: operations["getSyncRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc-aml/evaluate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Evaluate AML trigger rules for an entity; a non-dry run opens cases
         * @description Needs `aml:read`; a run with `dryRun: false` opens cases and additionally needs `aml:write` (403 otherwise). Unknown or inapplicable `ruleIds`, and a geographic rule named without `highRiskCountries`, are 400. When all rules run without `highRiskCountries`, geographic rules are listed in `skippedRules`.
         */
        post: operations["evaluateAml"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc-aml/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List AML trigger rules with their effective thresholds and basis */
        get: operations["listAmlRules"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc-aml/thresholds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Effective AML thresholds (defaults merged with the tenant's own values) */
        get: operations["getAmlThresholds"];
        /** Set the tenant's own AML thresholds (replaces its overrides; unknown names and bad values 400) */
        put: operations["putAmlThresholds"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc-aml/cases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List AML cases (status, entityType, entityId, ruleId), newest first */
        get: operations["listAmlCases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc-aml/cases/transitions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** KYC/AML case status state machine */
        get: operations["getAmlCaseTransitions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc-aml/cases/{caseId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an AML case with its append-only history and whether its hash chain verifies */
        get: operations["getAmlCase"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc-aml/cases/{caseId}/transition": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move an AML case to another status (400 invalid_transition when the state machine refuses) */
        post: operations["transitionAmlCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc-aml/cases/{caseId}/assignment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Assign, reassign (assign again) or unassign (assigneeId null) the case: an assigned/unassigned entry in its log; the case shows the current assignee. 409: unassigning a case with no assignee */
        post: operations["AssignAmlCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc-aml/cases/{caseId}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a note to the case's history without moving its status (a closed case still takes notes) */
        post: operations["AddAmlCaseNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc-aml/cases/{caseId}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add and remove tags: one tag_added/tag_removed entry per tag that changes (at most 20 tags per case; 409 when nothing changes) */
        post: operations["TagAmlCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc-aml/cases/{caseId}/close-request/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Maker-checker: a second actor confirms the pending close (the close is appended with its outcome). 403 second_actor_required: the requester confirming; 409: no close pending */
        post: operations["ConfirmAmlCaseClose"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc-aml/cases/{caseId}/close-request/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Maker-checker: withdraw or refuse the pending close (close_rejected entry; the status stays). 409: no close pending */
        post: operations["RejectAmlCaseClose"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc-aml/cases/{caseId}/snoozes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the snoozes taken from this case, active and expired, newest first */
        get: operations["listAmlCaseSnoozes"];
        put?: never;
        /** Snooze one rule for the case's entity until a time (an entry of the system allowlist "Case snoozes", recorded in the case log as rule_snoozed); ruleId: the case's own rule */
        post: operations["snoozeAmlCaseRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc-aml/backtest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run rules over every entity with current and trial thresholds; opens no cases
         * @description Persists no domain state (no cases, no thresholds), hence `aml:read`. Runs over more than 10,000 active entities, or with `async: true`, are queued: 202 with a `backtestId` to read from `GET /v1/kyc-aml/backtests/{backtestId}` (the result document is kept under the tenant's prefix).
         */
        post: operations["backtestAmlRules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc-aml/backtests/{backtestId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A queued backtest: its status and, once done, its result */
        get: operations["getAmlBacktest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rule-sets/fraud": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The fraud rule set: the live version (0 = built-in defaults), the draft, maker-checker */
        get: operations["getFraudRuleSet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rule-sets/aml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The aml rule set: the live version (0 = built-in defaults), the draft, maker-checker */
        get: operations["getAmlRuleSet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rule-sets/fraud/draft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The fraud rule-set draft (404 when there is none) */
        get: operations["getFraudRuleSetDraft"];
        /** Create or replace the fraud rule-set draft (validated: one 400 detail per problem; left-out built-ins and thresholds take their defaults) */
        put: operations["putFraudRuleSetDraft"];
        post?: never;
        /** Discard the fraud rule-set draft (404 when there is none) */
        delete: operations["deleteFraudRuleSetDraft"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rule-sets/aml/draft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The aml rule-set draft (404 when there is none) */
        get: operations["getAmlRuleSetDraft"];
        /** Create or replace the aml rule-set draft (validated: one 400 detail per problem; left-out built-ins and thresholds take their defaults) */
        put: operations["putAmlRuleSetDraft"];
        post?: never;
        /** Discard the aml rule-set draft (404 when there is none) */
        delete: operations["deleteAmlRuleSetDraft"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rule-sets/fraud/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Freeze the fraud draft as the next version and make it live. 409: no draft, or a concurrent publication; 403 second_approver_required: the tenant requires maker-checker and this key edited the draft */
        post: operations["publishFraudRuleSet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rule-sets/aml/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Freeze the aml draft as the next version and make it live. 409: no draft, or a concurrent publication; 403 second_approver_required: the tenant requires maker-checker and this key edited the draft */
        post: operations["publishAmlRuleSet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rule-sets/fraud/rollback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Publish a copy of an older fraud version as the next version (the draft is kept). 404: no such version; 409: a concurrent publication */
        post: operations["rollbackFraudRuleSet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rule-sets/aml/rollback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Publish a copy of an older aml version as the next version (the draft is kept). 404: no such version; 409: a concurrent publication */
        post: operations["rollbackAmlRuleSet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rule-sets/fraud/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Published fraud versions, newest first (content: GET one version) */
        get: operations["listFraudRuleSetVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rule-sets/aml/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Published aml versions, newest first (content: GET one version) */
        get: operations["listAmlRuleSetVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rule-sets/fraud/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One published fraud version with its content */
        get: operations["getFraudRuleSetVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rule-sets/aml/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One published aml version with its content */
        get: operations["getAmlRuleSetVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rule-sets/fraud/publications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The fraud publication log, newest first: who published which version, from which draft, why */
        get: operations["listFraudRuleSetPublications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rule-sets/aml/publications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The aml publication log, newest first: who published which version, from which draft, why */
        get: operations["listAmlRuleSetPublications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rule-sets/fraud/backtest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run the fraud draft and the live version over a date range and compare them per rule
         * @description Entities with a transaction in [from, to] are evaluated as of `to` under both versions: per rule, hits under each, entities newly hit and no longer hit (counts and the first 20 ids), and case-feedback precision. Opens no case and writes nothing but the run document, hence the read scope. Up to 2,000 active entities run in the request (200); more, or `async: true`, are queued (202) and advance step by step on the jobs queue: read progress from GET .../backtests/{backtestId}. 409: no draft. Fraud built-in signals are evaluated per entity and are listed in skippedRules; custom rules are backtested.
         */
        post: operations["backtestFraudRuleSetDraft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rule-sets/aml/backtest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run the aml draft and the live version over a date range and compare them per rule
         * @description Entities with a transaction in [from, to] are evaluated as of `to` under both versions: per rule, hits under each, entities newly hit and no longer hit (counts and the first 20 ids), and case-feedback precision. Opens no case and writes nothing but the run document, hence the read scope. Up to 2,000 active entities run in the request (200); more, or `async: true`, are queued (202) and advance step by step on the jobs queue: read progress from GET .../backtests/{backtestId}. 409: no draft. AML built-ins and custom rules are backtested.
         */
        post: operations["backtestAmlRuleSetDraft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rule-sets/fraud/backtests/{backtestId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A fraud rule-set backtest: status, progress and, once done, the comparison */
        get: operations["getFraudRuleSetBacktest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rule-sets/aml/backtests/{backtestId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A aml rule-set backtest: status, progress and, once done, the comparison */
        get: operations["getAmlRuleSetBacktest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook subscriptions, newest first */
        get: operations["listWebhookSubscriptions"];
        put?: never;
        /**
         * Register a webhook endpoint (the signing secret is shown only in this answer)
         * @description https URLs on port 443 only (http to localhost/127.0.0.1 in local development); private, loopback, link-local, CGNAT and metadata addresses, wildcard-DNS names (nip.io, sslip.io, localtest.me, ...) and embedded credentials are refused with 400. A tenant holds at most `settings.maxWebhookSubscriptions` live subscriptions (default 20, set by the operator); creating one more answers 409 `conflict`. Receivers should verify the Standard Webhooks `webhook-signature` header, which covers `webhook-timestamp` (refuse anything older than 5 minutes); `X-Service-Signature` covers the body only and does not expire.
         */
        post: operations["createWebhookSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook subscription (never its secret) */
        get: operations["getWebhookSubscription"];
        put?: never;
        post?: never;
        /** Remove a subscription; its unfinished deliveries end as dead */
        delete: operations["deleteWebhookSubscription"];
        options?: never;
        head?: never;
        /** Change a subscription's URL, event types, description, or enable/disable it */
        patch: operations["updateWebhookSubscription"];
        trace?: never;
    };
    "/v1/webhooks/subscriptions/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a new signing secret; the old one also signs during the grace period
         * @description During the grace period deliveries carry X-Service-Signature (new secret), X-Service-Signature-Previous (old secret) and two entries in webhook-signature.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/subscriptions/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a signed test delivery now and answer with its attempt (no retries) */
        post: operations["testWebhookSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List deliveries (filter by subscription, event type, status, event id), newest first */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a delivery with its body and every attempt */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/deliveries/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a finished (succeeded or dead) delivery again: same event id, body and idempotency key */
        post: operations["replayWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/event-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The event catalog: every event type this API emits, with its data schema */
        get: operations["listWebhookEventTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/insights/saas-metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SaaS-style metrics of the last complete month: inflow (MRR), growth, Quick Ratio, retention, revenue health */
        get: operations["getSaasMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/insights/saas-metrics/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SaaS-style metrics for each of the last N complete months, newest first */
        get: operations["getSaasMetricsHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/insights/runway/portfolio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Runway distribution across customers and projected depletions with intervals */
        get: operations["getPortfolioRunway"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/insights/runway/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A customer's cash runway: expected months and p10/p50/p90 with an 80% interval (404 when the customer is absent) */
        get: operations["getCustomerRunway"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/insights/portfolio-narrative": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Deterministic portfolio narrative with the metrics as evidence */
        get: operations["getPortfolioNarrative"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/insights/concentration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Concentration of inflow: top 1/5/10 customers, HHI, by vertical and by counterparty country */
        get: operations["getConcentration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/insights/what-if-churn": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Baseline vs scenario portfolio metrics when customers churn, projected over horizonMonths
         * @description Persists nothing, so it needs insights:read.
         */
        post: operations["simulateWhatIfChurn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sme-health/calculate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Calculate and store a customer's advisory SME health
         * @description Computes the metrics, overall score, cohort placement and narrative from the customer's transactions over `windowDays` and stores the assessment (served by GET /v1/sme-health/{customerId} while fresh). Advisory only: not a credit score and not a lending decision.
         */
        post: operations["calculateSmeHealth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sme-health/benchmarks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cohort benchmarks: per cohort, sample size and p25/p50/p75/mean of each metric
         * @description From the tenant's latest benchmark snapshot for the window (refreshed daily at 02:00 UTC; computed now when none exists; refreshed in the background when older than 24 hours). The `all` cohort holds every customer with a transaction in the window.
         */
        get: operations["listSmeCohortBenchmarks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sme-health/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A customer's advisory SME health (stored if fresh, else computed from current data)
         * @description Serves the latest assessment stored by POST /v1/sme-health/calculate for the same window while it is younger than 24 hours and no transaction of the customer has been ingested since (`source: stored`); otherwise computes it from current data without storing it (`source: computed`). 404 only when the customer is absent.
         */
        get: operations["getSmeHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/graphql": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a GraphQL query (same API keys; each field needs the scope of the REST operation it mirrors)
         * @description Body `{query, variables?, operationName?}`. Field errors (FORBIDDEN, NOT_FOUND, BAD_USER_INPUT) answer 200 with the other fields' data; errors of the request itself (syntax, validation, variables, depth over 6, cost over the limits, more than one mutation field, more than 1,000 ids in id-list arguments, more than 64 levels of nesting before parsing) answer 400 with GraphQL `errors`. A body that is not a GraphQL request answers the usual error envelope. Introspection is enabled.
         */
        post: operations["graphql"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent-health/benchmarks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Peer benchmarks by tier and by region (30-day snapshots) */
        get: operations["listAgentBenchmarks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent-health/portfolio/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Latest AHI of every agent: filters, sort and paging over the daily snapshots
         * @description Reads each agent's latest 30-day snapshot (refreshed daily at 02:00 UTC and by POST /v1/agent-health/portfolio/refresh; computed on the tenant's first read). Ties are ordered by agentId.
         */
        get: operations["getAgentPortfolioSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent-health/portfolio/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Recompute every agent's 30-day AHI snapshot now (the daily cron does the same)
         * @description Up to 20,000 agents the refresh runs now (200). Above that it runs on the jobs queue (202) and the portfolio reads show the new figures when it completes (their computedAt).
         */
        post: operations["refreshAgentPortfolio"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent-health/calculate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * AHI from provided data (30-day figures); stores nothing
         * @description Persists nothing, so it needs agents:read. Omitted optional figures make their components unavailable (listed in missingDataPoints); they never count as zero.
         */
        post: operations["calculateAgentHealth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agent-health/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Agent Health Index of one agent, computed from its stored transactions */
        get: operations["getAgentHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nba/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Next-best actions for a customer
         * @description Runs the deterministic rule catalog over the customer's latest BHI (or the given override) and cash-flow facts. Persists nothing and needs `nba:read`; with `recordEvent: true` an `nba.generated` event is recorded, which needs `nba:write` (403 otherwise). 404 when the customer is absent.
         */
        post: operations["generateNba"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nba/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Next-best actions for up to 100 customers
         * @description Each customer is evaluated independently: an absent customer is a `failed` result, not an error of the request. Needs `nba:read`; with `recordEvents: true` (needs `nba:write`) an `nba.generated` event is recorded per customer with actions.
         */
        post: operations["generateNbaBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the tenant's workflows (built in) with run counts */
        get: operations["listWorkflows"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflows/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List workflow runs, newest first */
        get: operations["listWorkflowRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflows/runs/{runId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a workflow run with its steps */
        get: operations["getWorkflowRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflows/{workflowId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a workflow definition */
        get: operations["getWorkflow"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflows/{workflowId}/trigger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a workflow run (executes in the background)
         * @description Stores a `pending` run and answers 202 at once; the run executes on the jobs queue (pending -> running -> succeeded | failed). Follow it with GET /v1/workflows/runs/{runId}. 404 when the named customer is absent.
         */
        post: operations["triggerWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's audit log: its own changes and the operator's changes to it, newest first
         * @description Append-only. Entries of the tenant's own API keys (AML thresholds, webhook subscriptions and secrets) and of operators acting on this tenant (settings, keys, connectors) are merged newest first. Secrets never appear in `before`/`after`.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the tenant's lists, newest first (live ones unless includeArchived) */
        get: operations["listLists"];
        put?: never;
        /**
         * Create a list (high-risk countries, watchlist or allowlist)
         * @description A tenant holds at most 100 live lists and a list at most 20000 entries; one request adds at most 500. One more live list answers 409 `conflict`. Recorded in the list's history and the audit log.
         */
        post: operations["createList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lists/{listId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One list (archived lists too, with archivedAt) */
        get: operations["getList"];
        put?: never;
        post?: never;
        /**
         * Archive a list: it stops applying at once; it, its entries and its history stay readable
         * @description An already archived list answers 409. Recorded in the list's history and the audit log.
         */
        delete: operations["deleteList"];
        options?: never;
        head?: never;
        /**
         * Rename a list or change its description (kind and entry type never change)
         * @description An archived list answers 409. Recorded in the list's history and the audit log.
         */
        patch: operations["updateList"];
        trace?: never;
    };
    "/v1/lists/{listId}/entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A list's entries in value order, optionally those whose value starts with a prefix */
        get: operations["listListEntries"];
        put?: never;
        /**
         * Add entries to a list (one or a batch): all of them or none
         * @description Values are normalized (names: NFKC, case folded, spaces collapsed; phones: international form, digits with the country code; account numbers: no whitespace, upper case; countries: ISO alpha-2). A value the list already holds is not added twice: it is returned in `existing`, unchanged. Allowlist entries name an entity (entityType, entityId), optionally a ruleId (absent or null = every rule), and an expiresAt within 366 days. A bad entry answers 400 naming `entries.<i>.<field>`. A tenant holds at most 100 live lists and a list at most 20000 entries; one request adds at most 500. Going over the list's cap answers 409; an archived list answers 409.
         */
        post: operations["addListEntries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lists/{listId}/entries/{entryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an entry (its history stays); an archived list answers 409 */
        delete: operations["removeListEntry"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lists/{listId}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A list's append-only history, newest first: who created, changed, archived it, added or removed what */
        get: operations["listListHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/monitoring/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Continuous monitoring's queue: pending, claimed and dead-lettered entities, the latest screening */
        get: operations["getMonitoringStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/monitoring/dead-letters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Entities whose screening failed 5 times, latest failure first, with the last error
         * @description A dead-lettered entity is not screened again until a new transaction of it arrives or POST /v1/monitoring/dead-letters/retry re-queues it.
         */
        get: operations["listMonitoringDeadLetters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/monitoring/dead-letters/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-queue dead-lettered entities (all, or the named ones) for screening; audited
         * @description Clears their failure and attempts and sends a screening job. Named entities that are not dead-lettered are ignored (retried counts only those re-queued).
         */
        post: operations["retryMonitoringDeadLetters"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/screening/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Screen a proposed transaction before it happens (advisory; the transaction is not stored)
         * @description Evaluates the live fraud and AML rule sets over the entity's stored history plus the proposed transaction and answers within the request: the fraud score, severity, fired signals with reasons and counterfactuals, and the AML rules that fired (only for a key that also has `aml:read`). Advisory only: there is no decision field; the client decides. Fired rules are recorded as alerts with trigger `pre_transaction` (no case, no webhook). Another tenant's customer or account is a 404.
         */
        post: operations["screenTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/monitoring/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List stored monitoring alerts, newest first (kind, ruleId, ruleSetVersion, severity, entity, trigger, createdAt range); fraud alerts need fraud:read as well */
        get: operations["listMonitoringAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/monitoring/alerts/{alertId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one stored monitoring alert (a fraud alert needs fraud:read as well) */
        get: operations["getMonitoringAlert"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/monitoring/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Monitoring settings in force: screening on arrival and the portfolio schedule */
        get: operations["getMonitoringSettings"];
        /**
         * Set screening on arrival and the portfolio schedule; audited
         * @description Fields left out keep their value (schedule fields too). A schedule applies from now: a slot that began before the change is not caught up. Audited as monitoring.settings_updated.
         */
        put: operations["updateMonitoringSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/monitoring/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Portfolio monitoring runs (scheduled and manual), newest first, with their figures */
        get: operations["listMonitoringRuns"];
        put?: never;
        /**
         * Start a portfolio run now (manual); audited
         * @description Screens, on the queue, every entity with activity since its last screening that arrived before the run began; unchanged entities are skipped and counted. Alerts it raises carry trigger on_demand and the run's id. 409 while another run of the tenant is in progress.
         */
        post: operations["startMonitoringRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/monitoring/runs/{runId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One portfolio monitoring run with its figures */
        get: operations["getMonitoringRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/goaml/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's FIU profile and reporting entity (the Ghana default until one is stored) */
        get: operations["getGoamlProfile"];
        /** Replace the tenant's FIU profile and reporting entity (400 names each bad field; audited) */
        put: operations["putGoamlProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/goaml/subjects/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Store a customer's KYC facts for goAML reports (STR and CTR); 404 for an unknown customer */
        put: operations["putGoamlSubject"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc-aml/cases/{caseId}/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The goAML reports generated from an AML case, newest first */
        get: operations["listAmlCaseReports"];
        put?: never;
        /**
         * Generate a goAML STR from an AML case (stored as a draft; 400 with the validator's messages when it does not validate)
         * @description The case's customer (or account) and its transactions in the case window (newest first, at most 100), the analyst's narrative with the case's explanation and evidence as `reason`, indicators from the case's rule through the FIU profile. Missing KYC facts are never invented: the 400 names each element goAML requires.
         */
        post: operations["generateGoamlStr"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/goaml/reports/{reportId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A goAML report (STR or CTR) with its filing history */
        get: operations["getGoamlReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/goaml/reports/{reportId}/xml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a goAML report's XML (checked against its recorded SHA-256) */
        get: operations["getGoamlReportXml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/goaml/reports/{reportId}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a filing step: submitted (with the FIU reference), then accepted or rejected
         * @description draft -> submitted -> accepted | rejected (400 invalid_transition otherwise). A rejected report is replaced by a new one (POST .../reports with resubmissionOf). An STR's step is logged on its AML case.
         */
        post: operations["setGoamlReportStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/goaml/ctr-reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The daily cash transaction reports, newest day first */
        get: operations["listGoamlCtrReports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/goaml/ctr-runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The daily CTR runs (filed, empty or refused with the validator's issues), newest day first */
        get: operations["listGoamlCtrRuns"];
        put?: never;
        /** Run the CTR for a past local day (the cron does yesterday); a filed or empty day is returned as recorded */
        post: operations["runGoamlCtr"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fraud/cases/{caseId}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the case's evidence files (oldest first, at most 500) */
        get: operations["listFraudCaseFiles"];
        put?: never;
        /** Upload an evidence file (raw body, at most 10485760 bytes): stored with its SHA-256, recorded as an evidence_added entry in the case's log */
        post: operations["uploadFraudCaseFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fraud/cases/{caseId}/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download an evidence file as an attachment, checked against its recorded SHA-256 (409 when the stored bytes do not match) */
        get: operations["downloadFraudCaseFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc-aml/cases/{caseId}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the case's evidence files (oldest first, at most 500) */
        get: operations["listAmlCaseFiles"];
        put?: never;
        /** Upload an evidence file (raw body, at most 10485760 bytes): stored with its SHA-256, recorded as an evidence_added entry in the case's log */
        post: operations["uploadAmlCaseFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kyc-aml/cases/{caseId}/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download an evidence file as an attachment, checked against its recorded SHA-256 (409 when the stored bytes do not match) */
        get: operations["downloadAmlCaseFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/tenants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List tenants, newest first */
        get: operations["adminListTenants"];
        put?: never;
        /** Create a tenant and its first API key (scopes ["*"]) */
        post: operations["adminCreateTenant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/tenants/{tenantId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a tenant */
        get: operations["adminGetTenant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update a tenant's features or settings (merged into the current values) */
        patch: operations["adminUpdateTenant"];
        trace?: never;
    };
    "/admin/tenants/{tenantId}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a tenant's keys (never the key or its hash) */
        get: operations["adminListKeys"];
        put?: never;
        /** Create an API key with the given scopes */
        post: operations["adminCreateKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/keys/{keyId}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate a key: a new key now, the old one keeps working for the grace period */
        post: operations["adminRotateKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a key (refused everywhere within 10 seconds; idempotent) */
        delete: operations["adminRevokeKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/tenants/{tenantId}/connectors/core_banking": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Configure the tenant's core-banking connector (export files or Apache Fineract) */
        put: operations["adminConfigureCoreBankingConnector"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/secrets/reseal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Seal every stored secret again under the first SECRETS_KEY (after a key rotation)
         * @description Webhook signing secrets and connector passwords are stored sealed with AES-256-GCM under SECRETS_KEY (docs/decisions/secrets-at-rest.md). After putting a new key first in SECRETS_KEY (the old one after it), this rewrites every stored value under the new key, plaintext ones included; the secrets themselves do not change. Fraud case heads and AML cases anchored under an older key (HMAC under a key derived from SECRETS_KEY, docs/decisions/fraud-cases.md) are verified (whole chain and old anchor) and anchored again under the new key; one that does not verify is left as it is and counted `invalid`. The case sweep uses a bounded number of queries per request: while `caseAnchors.complete` is false, call again (each run carries on; current anchors are counted, not rewritten). When a run reports nothing resealed or unreadable, `caseAnchors` complete with nothing re-anchored, invalid or unreadable, the old key can be removed. Safe to repeat.
         */
        post: operations["adminResealSecrets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/operator-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List operator tokens, newest first (never the token or its hash) */
        get: operations["adminListOperatorTokens"];
        put?: never;
        /**
         * Create a named operator token (accepted on /admin like ADMIN_TOKEN, revocable)
         * @description Each operator gets their own token, so the audit log names who acted. Only the SHA-256 of the token and its display prefix are stored; the token is shown only in this answer.
         */
        post: operations["adminCreateOperatorToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/operator-tokens/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an operator token (refused on the next request; idempotent) */
        delete: operations["adminRevokeOperatorToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit log of operator and tenant actions, newest first
         * @description Operator actions (CONTROL_DB) and tenants' own actions (every shard, or the tenant's shard when tenantId is given), merged newest first. Append-only; secrets never appear.
         */
        get: operations["adminListAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        CustomerRecord: {
            externalId: string;
            externalSource: string;
            name: string;
            type?: string;
            /** Format: email */
            email?: string | null;
            phone?: string | null;
            /** @enum {string} */
            status?: "active" | "inactive" | "suspended" | "closed";
            vertical?: string | null;
            riskLevel?: string | null;
            riskScore?: string | null;
            tags?: string[] | null;
            businessInfo?: {
                legalName?: string | null;
                industry?: string | null;
                registrationNumber?: string | null;
                taxId?: string | null;
            } | null;
            /** @description The source system's creation date. Stored and shown as `sourceCreatedAt`; the row's `createdAt` is when this service first recorded it. No score uses it (agent tenure uses `activatedAt`). */
            createdAt?: string;
        };
        AgentRecord: {
            agentId: string;
            agentCode: string;
            agentName?: string | null;
            /** @enum {string} */
            agentType?: "individual" | "corporate" | "super_agent";
            /** @enum {string} */
            agentTier: "basic" | "standard" | "premium" | "super";
            /** @enum {string} */
            agentStatus: "active" | "inactive" | "suspended" | "pending_verification";
            floatBalance: number | string;
            floatLimit: number | string;
            currency?: string;
            region?: string | null;
            servesRegions?: string[] | null;
            /** @description When the agent started operating; agent tenure is measured from it (else from first recorded here) */
            activatedAt?: string | null;
            lastTransactionAt?: string | null;
            /** @description The source system's creation date. Stored and shown as `sourceCreatedAt`; the row's `createdAt` is when this service first recorded it. No score uses it (agent tenure uses `activatedAt`). */
            createdAt?: string;
            externalSource?: string;
            externalId?: string;
        };
        AccountRecord: {
            externalId: string;
            externalSource: string;
            /** Format: uuid */
            customerId?: string;
            customerExternalId?: string;
            customerExternalSource?: string;
            type?: string;
            name?: string | null;
            status?: string;
            currency: string;
            currentBalance: string;
            availableBalance?: string | null;
            creditLimit?: string | null;
            /** @description The source system's creation date. Stored and shown as `sourceCreatedAt`; the row's `createdAt` is when this service first recorded it. No score uses it (agent tenure uses `activatedAt`). */
            createdAt?: string;
        };
        TransactionRecord: {
            externalId: string;
            externalSource: string;
            /** Format: uuid */
            accountId?: string;
            accountExternalId?: string;
            accountExternalSource?: string;
            /** @enum {string} */
            type: "credit" | "debit";
            amount: string;
            currency: string;
            transactionDate: string;
            category?: string | null;
            description?: string | null;
            status?: string;
            merchantName?: string | null;
            balanceAfter?: string | null;
            agentId?: string | null;
            channel?: string | null;
            counterpartyName?: string | null;
            counterpartyAccount?: string | null;
            counterpartyCountry?: string | null;
        };
        Customer: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            tenantId: string;
            externalId: string;
            externalSource: string;
            /** @example business */
            type: string;
            name: string;
            email: string | null;
            phone: string | null;
            /** @enum {string} */
            status: "active" | "inactive" | "suspended" | "closed";
            vertical: string | null;
            riskLevel: string | null;
            riskScore: string | null;
            tags: string[];
            businessInfo: {
                legalName?: string;
                industry?: string;
                registrationNumber?: string;
                taxId?: string;
            };
            /** @description The creation date the source system sent (ingest `createdAt`), kept as given; null when none was sent. Informational only: no score uses it. */
            sourceCreatedAt: string | null;
            /** @description When this service first recorded the row (never taken from a client) */
            createdAt: string;
            updatedAt: string;
        };
        Pagination: {
            total: number;
            limit: number;
            offset: number;
            hasMore: boolean;
        };
        Error: {
            /** @enum {boolean} */
            success: false;
            error: {
                /** @example bad_request */
                code: string;
                message: string;
                details?: {
                    path: string;
                    message: string;
                }[];
            };
            requestId: string;
        };
        Account: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            tenantId: string;
            /** Format: uuid */
            customerId: string;
            externalId: string;
            type: string;
            name: string | null;
            status: string;
            currency: string;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            currentBalance: string;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            availableBalance: string | null;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            creditLimit: string | null;
            /** @description The creation date the source system sent (ingest `createdAt`), kept as given; null when none was sent. Informational only: no score uses it. */
            sourceCreatedAt: string | null;
            /** @description When this service first recorded the row (never taken from a client) */
            createdAt: string;
        };
        Transaction: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            tenantId: string;
            /** Format: uuid */
            customerId: string;
            /** Format: uuid */
            accountId: string;
            agentId: string | null;
            externalId: string;
            /** @enum {string} */
            type: "credit" | "debit";
            category: string | null;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            amount: string;
            currency: string;
            description: string | null;
            status: string;
            transactionDate: string;
            merchantName: string | null;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            balanceAfter: string | null;
            channel: string | null;
            counterpartyName: string | null;
            counterpartyCountry: string | null;
        };
        Agent: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            tenantId: string;
            /** @description The tenant's own agent identifier */
            agentId: string;
            agentCode: string;
            agentName: string | null;
            agentType: string;
            agentTier: string;
            agentStatus: string;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            floatBalance: string;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            floatLimit: string;
            currency: string;
            region: string | null;
            servesRegions: string[];
            activatedAt: string | null;
            lastTransactionAt: string | null;
            /** @description The creation date the source system sent (ingest `createdAt`), kept as given; null when none was sent. Informational only: no score uses it. */
            sourceCreatedAt: string | null;
            /** @description When this service first recorded the row (never taken from a client) */
            createdAt: string;
            updatedAt: string;
        };
        BHICalculateResponse: {
            /** @enum {boolean} */
            success: true;
            results: components["schemas"]["BHICalculationResult"][];
            summary: {
                total: number;
                successful: number;
                failed: number;
                byBand: {
                    excellent: number;
                    good: number;
                    fair: number;
                    poor: number;
                    critical: number;
                };
                alertCount: number;
            };
        };
        BHICalculationResult: {
            /** Format: uuid */
            customerId: string;
            bhi: components["schemas"]["BHIRecord"] | (never | null);
            alerts: components["schemas"]["BHIAlert"][];
            isSignificantChange: boolean;
            persisted: boolean;
            /** @description Why this customer was not calculated (not_found, insufficient_data, write_failed) */
            error?: {
                code: string;
                message: string;
            };
        };
        BHIRecord: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            tenantId: string;
            /** Format: uuid */
            customerId: string;
            /**
             * @description 0-100, decimal string, 2 fraction digits
             * @example 72.45
             */
            bhiOverall: string;
            /** @enum {string} */
            bhiBand: "excellent" | "good" | "fair" | "poor" | "critical";
            /**
             * @description 0-100, decimal string, 2 fraction digits
             * @example 72.45
             */
            liquidityScore: string;
            /**
             * @description 0-100, decimal string, 2 fraction digits
             * @example 72.45
             */
            volatilityScore: string;
            /**
             * @description 0-100, decimal string, 2 fraction digits
             * @example 72.45
             */
            revenueStabilityScore: string;
            /**
             * @description 0-100, decimal string, 2 fraction digits
             * @example 72.45
             */
            expenseRatioScore: string;
            /**
             * @description 0-100, decimal string, 2 fraction digits
             * @example 72.45
             */
            paymentBehaviorScore: string;
            /** @enum {string} */
            trend: "improving" | "stable" | "declining" | "volatile";
            /**
             * @description 0-100, decimal string, 2 fraction digits
             * @example 72.45
             */
            previousBhi: string | null;
            /** @example -5.84 */
            bhiChangePercent: string | null;
            /** @description Omitted from calculate-from-db results unless includeDetails */
            inputMetrics?: {
                [key: string]: number;
            };
            reasons?: components["schemas"]["BHIReason"][];
            alerts: components["schemas"]["BHIAlert"][];
            componentWeights: {
                liquidity: number;
                volatility: number;
                revenueStability: number;
                expenseRatio: number;
                paymentBehavior: number;
            };
            calculationVersion: string;
            isLatest: boolean;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            createdAt: string;
        };
        BHIReason: {
            /** @example liquidity */
            factor: string;
            score: number;
            weight: number;
            /** @description score x weight, 2 decimals; contributions sum to bhiOverall */
            contribution: number;
            /**
             * @description positive (>= 65), neutral, negative (< 50)
             * @example positive
             */
            direction: string;
            explanation: string;
        };
        BHIAlert: {
            /** @example low_liquidity */
            type: string;
            /**
             * @description warning or critical
             * @example warning
             */
            severity: string;
            message: string;
            metric: string;
            currentValue: number;
            threshold: number;
        };
        BHICalculateAccepted: {
            /** @enum {boolean} */
            success: true;
            /** Format: uuid */
            jobId: string;
            job: components["schemas"]["BHIJob"];
            message: string;
        };
        BHIJob: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: "pending" | "running" | "succeeded" | "failed";
            total: number;
            processed: number;
            successful: number;
            failed: number;
            alertCount: number;
            /** @description Last error of a slice (it is retried) */
            error: string | null;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            completedAt: string | null;
        };
        BHICalculateRequest: {
            /** Format: uuid */
            customerId?: string;
            customerIds?: string[];
            weights?: components["schemas"]["BHIWeights"];
            /** @description inputMetrics and reasons in each result; default true when customers are named */
            includeDetails?: boolean;
        };
        /** @description Relative weights, each 0..1000 and not all zero (absent = 0; all zero is a 400 on `weights`); normalised to sum to 1. Default 0.25/0.20/0.20/0.20/0.15. */
        BHIWeights: {
            liquidity?: number;
            volatility?: number;
            revenueStability?: number;
            expenseRatio?: number;
            paymentBehavior?: number;
        };
        BHISummary: {
            /** @description Customers with a latest record */
            totalCustomers: number;
            averageBhi: number;
            byBand: {
                excellent: number;
                good: number;
                fair: number;
                poor: number;
                critical: number;
            };
            byTrend: {
                improving: number;
                stable: number;
                declining: number;
                volatile: number;
            };
            /** @description Alerts on the latest records */
            alertCount: number;
        };
        BHIHistoryRecord: {
            /** Format: uuid */
            id: string;
            /**
             * @description 0-100, decimal string, 2 fraction digits
             * @example 72.45
             */
            bhiOverall: string;
            /** @enum {string} */
            bhiBand: "excellent" | "good" | "fair" | "poor" | "critical";
            /**
             * @description 0-100, decimal string, 2 fraction digits
             * @example 72.45
             */
            liquidityScore: string;
            /**
             * @description 0-100, decimal string, 2 fraction digits
             * @example 72.45
             */
            volatilityScore: string;
            /**
             * @description 0-100, decimal string, 2 fraction digits
             * @example 72.45
             */
            revenueStabilityScore: string;
            /**
             * @description 0-100, decimal string, 2 fraction digits
             * @example 72.45
             */
            expenseRatioScore: string;
            /**
             * @description 0-100, decimal string, 2 fraction digits
             * @example 72.45
             */
            paymentBehaviorScore: string;
            /** @enum {string} */
            trend: "improving" | "stable" | "declining" | "volatile";
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            recordedAt: string;
        };
        BHIReport: {
            /** @enum {boolean} */
            success: true;
            report: {
                /** Format: uuid */
                reportId: string;
                generatedAt: string;
                tenant: {
                    /** Format: uuid */
                    id: string;
                    name: string;
                    currency: string;
                };
                customer: {
                    /** Format: uuid */
                    id: string;
                    name: string;
                    externalId: string;
                    type: string;
                    status: string;
                    vertical: string | null;
                    industry: string | null;
                };
                bhi: components["schemas"]["BHIRecord"];
                /** @description Newest first, at most 100 */
                history: components["schemas"]["BHIHistoryRecord"][];
                historyTotal: number;
                disclaimer: string;
            };
        };
        SignalDefinition: {
            signalId: string;
            name: string;
            description: string;
            /** @enum {string} */
            category: "velocity" | "amount" | "structuring" | "behavioral" | "flow" | "timing" | "network" | "refund";
            applicableTo: components["schemas"]["FraudEntityType"][];
            defaultSeverity: components["schemas"]["FraudSeverity"];
            /** @description As the live rule-set version says */
            isEnabled: boolean;
            severity: components["schemas"]["FraudSeverity"] & unknown;
            /** @description Score multiplier under the live rule-set version */
            weight: number;
            /** @description Thresholds of the live rule-set version (amounts in minor units) */
            parameters: {
                [key: string]: number;
            };
        };
        /** @enum {string} */
        FraudEntityType: "customer" | "account" | "agent" | "merchant";
        /** @enum {string} */
        FraudSeverity: "low" | "medium" | "high" | "critical";
        FraudAlert: {
            /** Format: uuid */
            alertId: string;
            /** Format: uuid */
            correlationId: string;
            tenantId: string;
            entityType: components["schemas"]["FraudEntityType"];
            entityId: string;
            severity: components["schemas"]["FraudSeverity"];
            overallScore: number;
            summary: string;
            triggeredSignals: components["schemas"]["TriggeredSignal"][];
            /** @description Signals and custom rules that triggered but an allowlist entry clears for this entity */
            suppressedSignals: {
                signalId: string;
                signalName: string;
                explanation: string;
                /** @enum {string} */
                suppressedBy: "allowlist";
            }[];
            nonTriggeredSignalCount: number;
            evaluatedSignalIds: string[];
            explainability: components["schemas"]["FraudExplainability"];
            evaluatedAt: string;
            windowStart: string;
            windowEnd: string;
            windowDays: number;
            ruleSet: components["schemas"]["RuleSetStamp"];
            /** @enum {boolean} */
            isAdvisoryOnly: true;
        };
        TriggeredSignal: {
            signalId: string;
            signalName: string;
            category: string;
            triggered: boolean;
            severity: components["schemas"]["FraudSeverity"];
            confidence: number;
            evidence: components["schemas"]["FraudSignalEvidence"][];
            computedAt: string;
            windowStart: string;
            windowEnd: string;
            entityType: components["schemas"]["FraudEntityType"];
            entityId: string;
            explanation: string;
            /** @description The smallest change that keeps it quiet */
            counterfactual: string | null;
            /** @description Points this signal adds before combination */
            contribution: number;
        };
        FraudSignalEvidence: {
            field: string;
            observed: string;
            expected: string;
            threshold: string;
            context: string;
            /** @description observed / threshold (1 or more: threshold reached) */
            deviation: number;
        };
        FraudExplainability: {
            topContributors: {
                signalId: string;
                contribution: number;
                reason: string;
            }[];
            mitigatingFactors: string[];
            recommendation: string;
        };
        RuleSetStamp: {
            /** @enum {string} */
            kind: "fraud" | "aml";
            /** @description Rule-set version (0: the built-in defaults, nothing published) */
            version: number;
            /** @description sha256 (hex) of the version's canonical content */
            hash: string;
            /** @description Present only when a draft was evaluated (ruleSet: draft): version is then the version the draft is based on and hash the draft's content hash */
            draft?: {
                /** Format: uuid */
                draftId: string;
                revision: number;
            };
        };
        FraudEvaluateRequest: {
            entityType: components["schemas"]["FraudEntityType"];
            /** @description customer or account uuid, the tenant's agent identifier, or a merchant name */
            entityId: string;
            /**
             * @description 1..365, default 30
             * @default 30
             */
            windowDays: number;
            /** @description Signals to run (unknown ids: 400). Omitted: every enabled signal applicable to the entity type */
            signalIds?: string[];
            /**
             * @description live (default): the published live version. draft: the tenant's current draft of the kind, evaluated without side effects (no case, nothing stored); 400 when there is no draft
             * @default live
             * @enum {string}
             */
            ruleSet: "live" | "draft";
        };
        FraudCaseWithEvents: components["schemas"]["FraudCase"] & {
            events: components["schemas"]["FraudCaseEvent"][];
        };
        /** @enum {string} */
        FraudCaseStatus: "open" | "under_review" | "pending_info" | "escalated" | "closed_cleared" | "closed_suspicious" | "closed_reported";
        CaseAssignee: {
            id: string;
            name: string | null;
        };
        /**
         * @description Label on a closed case: confirmed (the activity was what the rule suspected), false_positive (it was not), inconclusive (closed without a finding). Optional on a close; default and admissible values follow the closing status (docs/decisions/case-work.md#outcomes)
         * @enum {string}
         */
        CaseOutcome: "confirmed" | "false_positive" | "inconclusive";
        CaseCloseRequest: {
            toStatus: string;
            outcome: components["schemas"]["CaseOutcome"];
            actorId: string;
            actorName: string | null;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            requestedAt: string;
        };
        FraudCaseEvent: {
            /** Format: uuid */
            id: string;
            tenantId: string;
            /** Format: uuid */
            caseId: string;
            /** @enum {string} */
            eventType: "created" | "status_changed" | "assigned" | "unassigned" | "note_added" | "evidence_added" | "escalated" | "closed" | "alert_added" | "rule_snoozed" | "tag_added" | "tag_removed" | "close_requested" | "close_rejected" | "sla_breached";
            eventSequence: number;
            /** @enum {string} */
            actorType: "user" | "system" | "workflow";
            actorId: string;
            actorName: string | null;
            /** @description Id of the API key that authenticated the write (inside the hashed content); null when no key was involved (workflows, cron) and on events written before it was recorded */
            actorKeyId: string | null;
            /** @enum {string|null} */
            previousStatus: "open" | "under_review" | "pending_info" | "escalated" | "closed_cleared" | "closed_suspicious" | "closed_reported" | null;
            /** @enum {string|null} */
            newStatus: "open" | "under_review" | "pending_info" | "escalated" | "closed_cleared" | "closed_suspicious" | "closed_reported" | null;
            assigneeId: string | null;
            assigneeName: string | null;
            noteContent: string | null;
            noteType: string | null;
            evidenceType: string | null;
            evidenceReference: {
                [key: string]: unknown;
            } | null;
            resolution: {
                [key: string]: unknown;
            } | null;
            createdAt: string;
            /** Format: uuid */
            correlationId: string;
            /** @description SHA-256 chained to the previous event's hash */
            hash: string;
        };
        FraudCase: {
            /** Format: uuid */
            id: string;
            tenantId: string;
            /** Format: uuid */
            alertId: string;
            /** Format: uuid */
            correlationId: string;
            entityType: components["schemas"]["FraudEntityType"];
            entityId: string;
            severity: components["schemas"]["FraudSeverity"];
            overallScore: number;
            title: string;
            summary: string | null;
            triggeredSignals: {
                [key: string]: unknown;
            }[];
            explainability: {
                [key: string]: unknown;
            };
            windowDays: number;
            windowStart: string | null;
            windowEnd: string | null;
            currentStatus: components["schemas"]["FraudCaseStatus"];
            /** @description The fraud rule-set version whose evaluation opened the case; null when created from client data */
            ruleSet: components["schemas"]["RuleSetStamp"] | (never | null);
            disclaimer: string;
            metadata: {
                [key: string]: unknown;
            };
            createdAt: string;
            lastEventAt: string;
            /** @description The current assignee (the last assigned event); null when unassigned */
            assignee: components["schemas"]["CaseAssignee"] | (never | null);
            /**
             * Format: date-time
             * @description When the case is due: opening + the tenant's SLA for its kind and level; null for cases opened before due dates
             * @example 2026-01-31T00:00:00.000Z
             */
            dueAt: string | null;
            /** @description Open and past dueAt */
            overdue: boolean;
            /**
             * Format: date-time
             * @description The due date whose breach was recorded (case.sla_breached); null when none
             * @example 2026-01-31T00:00:00.000Z
             */
            slaBreachedDueAt: string | null;
            tags: string[];
            outcome: components["schemas"]["CaseOutcome"] | (never | null);
            /** @description A close waiting for a second actor (caseCloseRequiresSecondActor); null when none */
            closeRequest: components["schemas"]["CaseCloseRequest"] | (never | null);
        };
        FraudEvaluateAndCreateRequest: {
            entityType: components["schemas"]["FraudEntityType"];
            /** @description customer or account uuid, the tenant's agent identifier, or a merchant name */
            entityId: string;
            /**
             * @description 1..365, default 30
             * @default 30
             */
            windowDays: number;
            /** @description Signals to run (unknown ids: 400). Omitted: every enabled signal applicable to the entity type */
            signalIds?: string[];
            /** @default 30 */
            createCaseThreshold: number;
            /** @default true */
            autoCreateCase: boolean;
            /**
             * @description live (default) or draft: the tenant's fraud draft, evaluated without side effects (caseCreated false, case null: no case is looked up or opened); 400 when there is no draft
             * @default live
             * @enum {string}
             */
            ruleSet: "live" | "draft";
        };
        StoredFraudAlert: components["schemas"]["FraudAlert"] & {
            trigger: components["schemas"]["MonitoringTrigger"];
            /** @description Cases the alert opened or was appended to */
            cases: components["schemas"]["MonitoringAlertCaseRef"][];
        };
        /**
         * @description What started the screening that raised the alert
         * @enum {string}
         */
        MonitoringTrigger: "arrival" | "schedule" | "on_demand" | "pre_transaction";
        MonitoringAlertCaseRef: {
            /** Format: uuid */
            caseId: string;
            kind: components["schemas"]["MonitoringAlertKind"];
            /** @enum {string} */
            action: "opened" | "appended";
        };
        /** @enum {string} */
        MonitoringAlertKind: "fraud" | "aml";
        /** @enum {string} */
        MonitoringAlertSeverity: "low" | "medium" | "high" | "critical";
        /** @enum {string} */
        MonitoringEntityType: "customer" | "account" | "agent" | "merchant" | "counterparty";
        FraudCaseCreateRequest: {
            /** Format: uuid */
            alertId: string;
            /**
             * Format: uuid
             * @description Defaults to a new uuid
             */
            correlationId?: string;
            entityType: components["schemas"]["FraudEntityType"];
            /** @description customer or account uuid, the tenant's agent identifier, or a merchant name */
            entityId: string;
            severity: components["schemas"]["FraudSeverity"];
            overallScore: number;
            title?: string;
            summary?: string;
            /** @default [] */
            triggeredSignals: {
                [key: string]: unknown;
            }[];
            /**
             * @description Free-form JSON object: at most 256 keys, 32 levels deep and 16 KiB as JSON.
             * @default {}
             */
            explainability: {
                [key: string]: unknown;
            };
            /** @default 30 */
            windowDays: number;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            windowStart?: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            windowEnd?: string;
            /**
             * @description Free-form JSON object: at most 256 keys, 32 levels deep and 16 KiB as JSON.
             * @default {}
             */
            metadata: {
                [key: string]: unknown;
            };
        };
        FraudCaseStats: {
            total: number;
            byStatus: {
                [key: string]: number;
            };
            bySeverity: {
                [key: string]: number;
            };
            byEntityType: {
                [key: string]: number;
            };
            /** @description Cases not in a closed_* status */
            openCount: number;
            /** @description Cases of severity critical */
            criticalCount: number;
            /** @description Mean overallScore, 0 with no cases */
            avgScore: number;
        };
        FraudCaseEventRequest: components["schemas"]["FraudCaseStatusChangedEventRequest"] | components["schemas"]["FraudCaseAssignedEventRequest"] | components["schemas"]["FraudCaseUnassignedEventRequest"] | components["schemas"]["FraudCaseNoteAddedEventRequest"] | components["schemas"]["FraudCaseEvidenceAddedEventRequest"] | components["schemas"]["FraudCaseEscalatedEventRequest"] | components["schemas"]["FraudCaseClosedEventRequest"];
        FraudCaseStatusChangedEventRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            eventType: "status_changed";
            /**
             * @description Always `user` for API callers (`system` and `workflow` are refused with 400: only the service's own code writes those). The API key used is recorded as the event's actorKeyId.
             * @enum {string}
             */
            actorType: "user";
            actorId: string;
            actorName?: string;
            noteContent?: string;
            /** @enum {string} */
            noteType?: "review" | "clarification" | "decision";
            /** @description Free-form JSON object: at most 256 keys, 32 levels deep and 16 KiB as JSON. */
            evidenceReference?: {
                [key: string]: unknown;
            };
            /** @description Free-form JSON object: at most 256 keys, 32 levels deep and 16 KiB as JSON. */
            resolution?: {
                [key: string]: unknown;
            };
            newStatus: components["schemas"]["FraudCaseStatus"];
            outcome?: components["schemas"]["CaseOutcome"] & unknown;
        };
        FraudCaseAssignedEventRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            eventType: "assigned";
            /**
             * @description Always `user` for API callers (`system` and `workflow` are refused with 400: only the service's own code writes those). The API key used is recorded as the event's actorKeyId.
             * @enum {string}
             */
            actorType: "user";
            actorId: string;
            actorName?: string;
            noteContent?: string;
            /** @enum {string} */
            noteType?: "review" | "clarification" | "decision";
            /** @description Free-form JSON object: at most 256 keys, 32 levels deep and 16 KiB as JSON. */
            evidenceReference?: {
                [key: string]: unknown;
            };
            /** @description Free-form JSON object: at most 256 keys, 32 levels deep and 16 KiB as JSON. */
            resolution?: {
                [key: string]: unknown;
            };
            assigneeId: string;
            assigneeName?: string;
        };
        FraudCaseUnassignedEventRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            eventType: "unassigned";
            /**
             * @description Always `user` for API callers (`system` and `workflow` are refused with 400: only the service's own code writes those). The API key used is recorded as the event's actorKeyId.
             * @enum {string}
             */
            actorType: "user";
            actorId: string;
            actorName?: string;
            noteContent?: string;
            /** @enum {string} */
            noteType?: "review" | "clarification" | "decision";
            /** @description Free-form JSON object: at most 256 keys, 32 levels deep and 16 KiB as JSON. */
            evidenceReference?: {
                [key: string]: unknown;
            };
            /** @description Free-form JSON object: at most 256 keys, 32 levels deep and 16 KiB as JSON. */
            resolution?: {
                [key: string]: unknown;
            };
            assigneeId?: string;
            assigneeName?: string;
        };
        FraudCaseNoteAddedEventRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            eventType: "note_added";
            /**
             * @description Always `user` for API callers (`system` and `workflow` are refused with 400: only the service's own code writes those). The API key used is recorded as the event's actorKeyId.
             * @enum {string}
             */
            actorType: "user";
            actorId: string;
            actorName?: string;
            noteContent: string;
            /** @enum {string} */
            noteType?: "review" | "clarification" | "decision";
            /** @description Free-form JSON object: at most 256 keys, 32 levels deep and 16 KiB as JSON. */
            evidenceReference?: {
                [key: string]: unknown;
            };
            /** @description Free-form JSON object: at most 256 keys, 32 levels deep and 16 KiB as JSON. */
            resolution?: {
                [key: string]: unknown;
            };
        };
        FraudCaseEvidenceAddedEventRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            eventType: "evidence_added";
            /**
             * @description Always `user` for API callers (`system` and `workflow` are refused with 400: only the service's own code writes those). The API key used is recorded as the event's actorKeyId.
             * @enum {string}
             */
            actorType: "user";
            actorId: string;
            actorName?: string;
            noteContent?: string;
            /** @enum {string} */
            noteType?: "review" | "clarification" | "decision";
            /** @description Free-form JSON object: at most 256 keys, 32 levels deep and 16 KiB as JSON. */
            evidenceReference?: {
                [key: string]: unknown;
            };
            /** @description Free-form JSON object: at most 256 keys, 32 levels deep and 16 KiB as JSON. */
            resolution?: {
                [key: string]: unknown;
            };
            evidenceType: string;
        };
        FraudCaseEscalatedEventRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            eventType: "escalated";
            /**
             * @description Always `user` for API callers (`system` and `workflow` are refused with 400: only the service's own code writes those). The API key used is recorded as the event's actorKeyId.
             * @enum {string}
             */
            actorType: "user";
            actorId: string;
            actorName?: string;
            noteContent?: string;
            /** @enum {string} */
            noteType?: "review" | "clarification" | "decision";
            /** @description Free-form JSON object: at most 256 keys, 32 levels deep and 16 KiB as JSON. */
            evidenceReference?: {
                [key: string]: unknown;
            };
            /** @description Free-form JSON object: at most 256 keys, 32 levels deep and 16 KiB as JSON. */
            resolution?: {
                [key: string]: unknown;
            };
            /**
             * @description Always escalated when given
             * @enum {string}
             */
            newStatus?: "escalated";
        };
        FraudCaseClosedEventRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            eventType: "closed";
            /**
             * @description Always `user` for API callers (`system` and `workflow` are refused with 400: only the service's own code writes those). The API key used is recorded as the event's actorKeyId.
             * @enum {string}
             */
            actorType: "user";
            actorId: string;
            actorName?: string;
            noteContent?: string;
            /** @enum {string} */
            noteType?: "review" | "clarification" | "decision";
            /** @description Free-form JSON object: at most 256 keys, 32 levels deep and 16 KiB as JSON. */
            evidenceReference?: {
                [key: string]: unknown;
            };
            /** @description Free-form JSON object: at most 256 keys, 32 levels deep and 16 KiB as JSON. */
            resolution?: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            newStatus: "closed_cleared" | "closed_suspicious" | "closed_reported";
            outcome?: components["schemas"]["CaseOutcome"];
        };
        FraudCaseStatusRequest: {
            newStatus: components["schemas"]["FraudCaseStatus"];
            outcome?: components["schemas"]["CaseOutcome"] & unknown;
            actorId: string;
            actorName?: string;
            /**
             * @description Always `user` for API callers (`system` and `workflow` are refused with 400: only the service's own code writes those). The API key used is recorded as the event's actorKeyId.
             * @default user
             * @enum {string}
             */
            actorType: "user";
        };
        FraudCaseNoteRequest: {
            content: string;
            /**
             * @default review
             * @enum {string}
             */
            noteType: "review" | "clarification" | "decision";
            actorId: string;
            actorName?: string;
            /**
             * @description Always `user` for API callers (`system` and `workflow` are refused with 400: only the service's own code writes those). The API key used is recorded as the event's actorKeyId.
             * @default user
             * @enum {string}
             */
            actorType: "user";
        };
        CaseAssignmentRequest: {
            /** @description The actor to assign (again: reassign); null unassigns */
            assigneeId: string | null;
            assigneeName?: string;
            actorId: string;
            actorName?: string;
        };
        CaseTagsRequest: {
            /** @default [] */
            add: string[];
            /** @default [] */
            remove: string[];
            actorId: string;
            actorName?: string;
        };
        CaseCloseDecisionRequest: {
            actorId: string;
            actorName?: string;
            note?: string;
        };
        FraudCaseVerification: {
            /** @enum {boolean} */
            success: true;
            valid: boolean;
            eventCount: number;
            headHash: string;
            firstInvalidSequence: number | null;
            /** @description Whether the head (last sequence and hash) matches the anchor the service keyed with a Worker secret when it last wrote the case: false when the log was rewritten, truncated or extended outside the service (even with every hash recomputed); null for cases written before anchoring existed. `valid` is false whenever this is false. */
            anchorValid: boolean | null;
            /** @example Advisory only: fraud signals are deterministic, rule-based indicators, not findings of fraud. They never block transactions or trigger automated decisions; a human must review the evidence before any action. */
            disclaimer: string;
        };
        CaseSnooze: {
            ruleId: string;
            /** @enum {string} */
            entityType: "customer" | "account" | "agent" | "merchant" | "counterparty";
            entityId: string;
            until: string;
            reason: string;
            /** Format: uuid */
            caseId: string;
            /**
             * Format: uuid
             * @description The system-managed allowlist "Case snoozes"
             */
            listId: string;
            /** Format: uuid */
            entryId: string;
            /** @description False once `until` has passed */
            active: boolean;
            createdAt: string;
            /** @description The API key that took the snooze */
            createdBy: string;
        };
        CaseSnoozeRequest: {
            /** @description The rule to silence for the case's entity */
            ruleId: string;
            /**
             * Format: date-time
             * @description When the snooze ends (exclusive): in the future, at most 365 days ahead
             * @example 2026-01-31T00:00:00.000Z
             */
            until: string;
            reason: string;
            /** @description Who decided it (recorded in the case log); absent: the API key alone */
            actorId?: string;
            actorName?: string;
        };
        CaseSnoozeList: {
            /** @enum {boolean} */
            success: true;
            /** Format: uuid */
            caseId: string;
            snoozes: components["schemas"]["CaseSnooze"][];
        };
        IngestResult: {
            /** @enum {boolean} */
            success: true;
            /** @description Valid records upserted (new, changed or unchanged) */
            recordsWritten: number;
            /** @description Records that were skipped, and why */
            errors: {
                /** @description 0-based position of the record in the body */
                index: number;
                message: string;
            }[];
        };
        SyncStatus: {
            /** Format: uuid */
            runId: string;
            /** @enum {string} */
            provider: "export" | "fineract";
            /**
             * @description `running`: the sync continues in the background (see GET /v1/sync/runs/{runId})
             * @enum {string}
             */
            status: "running" | "succeeded" | "failed";
            recordsWritten: {
                customers: number;
                accounts: number;
                transactions: number;
                agents: number;
            };
            errors: string[];
            /** @description Export files loaded by this run */
            filesLoaded: string[];
            startedAt: string;
            completedAt: string | null;
        };
        AmlEvaluationResult: {
            /** Format: uuid */
            correlationId: string;
            /** @enum {string} */
            entityType: "customer" | "account" | "agent" | "merchant" | "counterparty";
            entityId: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            evaluatedAt: string;
            dryRun: boolean;
            windowDays: number;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            windowStart: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            windowEnd: string;
            triggeredRules: components["schemas"]["AmlRuleResult"][];
            totalTriggered: number;
            /** @enum {string|null} */
            highestRiskLevel: "low" | "medium" | "high" | "critical" | null;
            skippedRules: {
                ruleId: string;
                reason: string;
            }[];
            /** @description Rules that triggered but an allowlist entry clears for this entity */
            suppressedRules: {
                ruleId: string;
                explanation: string;
                /** @enum {string} */
                suppressedBy: "allowlist";
            }[];
            /** @description Countries the geography rule used: the tenant's stored lists united with the request's */
            highRiskCountries: string[];
            ruleSet: components["schemas"]["RuleSetStamp"];
            /** @description Cases opened (created true) or already open; empty on a dry run */
            cases: {
                /** Format: uuid */
                caseId: string;
                ruleId: string;
                /** @enum {string} */
                status: "open" | "under_investigation" | "pending_information" | "escalated" | "closed_false_positive" | "closed_no_action" | "closed_reported";
                created: boolean;
            }[];
            /** @example Advisory only. These AML trigger rules are deterministic indicators for human review; they perform no identity verification, document validation or sanctions screening, make no automated decision and block no transaction. Filing a report is the decision of the institution's AML reporting officer. */
            disclaimer: string;
        };
        AmlRuleResult: {
            ruleId: string;
            ruleName: string;
            triggered: boolean;
            /** @enum {string} */
            riskLevel: "low" | "medium" | "high" | "critical";
            evidence: components["schemas"]["AmlEvidence"][];
            explanation: string;
            counterfactual: components["schemas"]["AmlCounterfactual"] | (never | null);
            /** @description Custom rules: the tenant's statement of what would have kept the rule quiet */
            counterfactualStatement?: string;
            /**
             * @description A catalog rule or the tenant's custom rule
             * @enum {string}
             */
            source: "builtin" | "custom";
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            triggeredAt: string | null;
        };
        AmlEvidence: {
            field: string;
            observed: string;
            threshold: string;
            context: string;
            deviation: number;
        };
        AmlCounterfactual: {
            threshold: string;
            currentValue: number;
            flipValue: number;
            statement: string;
        };
        AmlRule: {
            /** @example AML-LCT-001 */
            ruleId: string;
            name: string;
            description: string;
            /** @example threshold */
            category: string;
            /** @example ctr */
            caseType: string;
            /** @enum {string} */
            defaultRiskLevel: "low" | "medium" | "high" | "critical";
            /** @description As the live rule-set version says */
            isEnabled: boolean;
            /**
             * @description Risk level under the live rule-set version
             * @enum {string}
             */
            severity: "low" | "medium" | "high" | "critical";
            /** @description Score multiplier under the live rule-set version */
            weight: number;
            /** @description Effective values of the thresholds the rule reads (live version) */
            thresholds: {
                [key: string]: number;
            };
            regulatoryBasis: string;
            internalPolicy: string;
            applicableTo: ("customer" | "account" | "agent" | "merchant" | "counterparty")[];
            requiresHighRiskCountries: boolean;
        };
        AmlThresholds: {
            /** @enum {boolean} */
            success: true;
            /** @description Effective values: defaults merged with the tenant's own */
            thresholds: {
                [key: string]: number;
            };
            /** @description The live version's values that differ from the defaults */
            overrides: {
                [key: string]: number;
            };
            /** @description Live AML rule-set version (0: defaults) */
            ruleSetVersion: number;
            /** @description sha256 of that version's content */
            ruleSetHash: string;
            definitions: {
                name: string;
                defaultValue: number;
                min: number;
                max: number;
                integer: boolean;
                unit: string;
                description: string;
            }[];
            /** @example Advisory only. These AML trigger rules are deterministic indicators for human review; they perform no identity verification, document validation or sanctions screening, make no automated decision and block no transaction. Filing a report is the decision of the institution's AML reporting officer. */
            disclaimer: string;
        };
        AmlCase: {
            /** Format: uuid */
            id: string;
            tenantId: string;
            ruleId: string;
            ruleName: string;
            caseType: string;
            /** @enum {string} */
            entityType: "customer" | "account" | "agent" | "merchant" | "counterparty";
            entityId: string;
            /** @enum {string} */
            riskLevel: "low" | "medium" | "high" | "critical";
            /** @enum {string} */
            status: "open" | "under_investigation" | "pending_information" | "escalated" | "closed_false_positive" | "closed_no_action" | "closed_reported";
            evidence: components["schemas"]["AmlEvidence"][];
            explanation: string;
            /** Format: uuid */
            correlationId: string;
            windowDays: number;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            windowStart: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            windowEnd: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            lastEventAt: string;
            eventCount: number;
            /** @description The AML rule-set version whose evaluation opened the case; null before rule sets */
            ruleSet: components["schemas"]["RuleSetStamp"] | (never | null);
            /** @description The current assignee (the last assigned event); null when unassigned */
            assignee: components["schemas"]["CaseAssignee"] | (never | null);
            /**
             * Format: date-time
             * @description When the case is due: opening + the tenant's SLA for its kind and level; null for cases opened before due dates
             * @example 2026-01-31T00:00:00.000Z
             */
            dueAt: string | null;
            /** @description Open and past dueAt */
            overdue: boolean;
            /**
             * Format: date-time
             * @description The due date whose breach was recorded (case.sla_breached); null when none
             * @example 2026-01-31T00:00:00.000Z
             */
            slaBreachedDueAt: string | null;
            tags: string[];
            outcome: components["schemas"]["CaseOutcome"] | (never | null);
            /** @description A close waiting for a second actor (caseCloseRequiresSecondActor); null when none */
            closeRequest: components["schemas"]["CaseCloseRequest"] | (never | null);
            /**
             * Format: date-time
             * @description The STR clock: 24 hours after the case was first marked suspicious (escalated); dueAt is then at the latest this. null until escalated
             * @example 2026-01-31T00:00:00.000Z
             */
            strDueAt: string | null;
        };
        AmlCaseHistoryEntry: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            caseId: string;
            sequence: number;
            /**
             * @description created; transitioned (the only entry that changes the status); alert_added (a monitoring hit) and rule_snoozed; case work: assigned, unassigned, note_added, evidence_added (an uploaded file), tag_added, tag_removed, close_requested, close_rejected, sla_breached (docs/decisions/case-work.md)
             * @enum {string}
             */
            eventType: "created" | "transitioned" | "alert_added" | "rule_snoozed" | "assigned" | "unassigned" | "note_added" | "evidence_added" | "tag_added" | "tag_removed" | "close_requested" | "close_rejected" | "sla_breached" | "report_generated" | "report_submitted" | "report_accepted" | "report_rejected";
            /** @enum {string|null} */
            fromStatus: "open" | "under_investigation" | "pending_information" | "escalated" | "closed_false_positive" | "closed_no_action" | "closed_reported" | null;
            /** @enum {string} */
            toStatus: "open" | "under_investigation" | "pending_information" | "escalated" | "closed_false_positive" | "closed_no_action" | "closed_reported";
            actorType: string;
            actorId: string;
            actorName: string | null;
            /** @description Id of the API key that authenticated the write (inside the hashed content); null when no key was involved (workflows) and on entries written before it was recorded */
            actorKeyId: string | null;
            note: string | null;
            /** @description Structured facts of the entry (assignee, tag, outcome, due dates); covered by its hash */
            details: {
                [key: string]: unknown;
            } | (never | null);
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            createdAt: string;
            previousHash: string;
            hash: string;
        };
        CaseNoteRequest: {
            content: string;
            actorId: string;
            actorName?: string;
        };
        AmlBacktest: {
            /** @enum {string} */
            entityType: "customer" | "account" | "agent" | "merchant" | "counterparty";
            windowDays: number;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            windowStart: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            windowEnd: string;
            entitiesEvaluated: number;
            currentThresholds: {
                [key: string]: number;
            };
            trialThresholds: {
                [key: string]: number;
            };
            rules: {
                ruleId: string;
                ruleName: string;
                currentHits: number;
                trialHits: number;
                /** @description Entities that trigger only with the trial thresholds */
                added: number;
                /** @description Entities that trigger only with the current thresholds */
                removed: number;
                addedSample: string[];
                removedSample: string[];
            }[];
            skippedRules: {
                ruleId: string;
                reason: string;
            }[];
            topEntities: {
                entityId: string;
                totalTriggered: number;
                /** @enum {string|null} */
                highestRiskLevel: "low" | "medium" | "high" | "critical" | null;
                triggeredRuleIds: string[];
            }[];
            entitiesTriggeredCurrent: number;
            entitiesTriggeredTrial: number;
            ruleSet: components["schemas"]["RuleSetStamp"] & unknown;
            /** @enum {boolean} */
            persisted: false;
        };
        RuleSetResponse: {
            /** @enum {boolean} */
            success: true;
            /** @enum {string} */
            kind: "fraud" | "aml";
            live: components["schemas"]["LiveRuleSet"];
            draft: components["schemas"]["RuleSetDraft"] | (never | null);
            requiresSecondApprover: boolean;
            feedback: components["schemas"]["RuleSetFeedback"];
        };
        LiveRuleSet: {
            /** @description 0: nothing published, the built-in defaults */
            version: number;
            /** @description sha256 (hex) of the canonical JSON of content */
            hash: string;
            publishedAt: string | (never | null);
            content: components["schemas"]["RuleSetContent"];
        };
        RuleSetContent: {
            builtins: {
                [key: string]: components["schemas"]["BuiltinConfig"];
            };
            /** @description AML only */
            thresholds?: {
                [key: string]: number;
            };
            custom: components["schemas"]["CustomRule"][];
            /** @description Fraud only: the overall score (0-100) from which monitoring opens a case; absent: 30 (docs/methodology/rules.md#case-opening) */
            createCaseThreshold?: number;
        };
        BuiltinConfig: {
            enabled: boolean;
            /** @enum {string} */
            severity: "low" | "medium" | "high" | "critical";
            /** @description Look-back window; absent: the request's window */
            windowDays?: number;
            /** @description AML only: whether a hit opens (or adds to) a case in monitoring; absent: true (docs/methodology/rules.md#case-opening) */
            opensCase?: boolean;
            parameters: {
                [key: string]: number;
            };
            weight: number;
        };
        CustomRule: {
            ruleId: string;
            name: string;
            description?: string;
            enabled: boolean;
            appliesTo: ("customer" | "account" | "agent" | "merchant" | "counterparty")[];
            /** @enum {string} */
            severity: "low" | "medium" | "high" | "critical";
            score: number;
            reason: string;
            counterfactual: string;
            condition: components["schemas"]["RuleCondition"];
            /** @description AML only: whether a hit opens (or adds to) a case in monitoring; absent: true (docs/methodology/rules.md#case-opening) */
            opensCase?: boolean;
        };
        RuleCondition: {
            /** @enum {string} */
            op: "and";
            conditions: components["schemas"]["RuleCondition"][];
        } | {
            /** @enum {string} */
            op: "or";
            conditions: components["schemas"]["RuleCondition"][];
        } | {
            /** @enum {string} */
            op: "not";
            condition: components["schemas"]["RuleCondition"];
        } | {
            /** @enum {string} */
            op: "compare";
            aggregate: components["schemas"]["RuleAggregate"];
            /** @enum {string} */
            comparator: "<" | "<=" | "=" | ">=" | ">";
            to: components["schemas"]["RuleOperand"];
        } | {
            /** @enum {string} */
            op: "between";
            aggregate: components["schemas"]["RuleAggregate"];
            low: components["schemas"]["RuleOperand"];
            high: components["schemas"]["RuleOperand"];
        } | {
            /** @enum {string} */
            op: "in_list";
            /** @enum {string} */
            subject: "entity_name" | "entity_phone" | "entity_account_number" | "counterparty" | "counterparty_account";
            listId: string;
            windowDays?: number;
        };
        RuleAggregate: {
            /** @enum {string} */
            fn: "count" | "count_distinct" | "sum" | "avg" | "min" | "max" | "stddev";
            /**
             * @description Required for every fn but count
             * @enum {string}
             */
            field?: "amount" | "counterparty" | "counterparty_account" | "counterparty_country" | "merchant" | "channel" | "category" | "day";
            windowDays: number;
            /** @description The window ends this many days before evaluation time (default 0) */
            offsetDays?: number;
            filter?: components["schemas"]["RuleTransactionFilter"];
        };
        RuleTransactionFilter: {
            types?: ("credit" | "debit")[];
            statuses?: string[];
            channels?: string[];
            categories?: string[];
            amountMin?: components["schemas"]["RuleAmountBound"];
            amountMax?: components["schemas"]["RuleAmountBound"];
            amountBelow?: components["schemas"]["RuleAmountBound"] & unknown;
            counterparties?: string[];
            merchants?: string[];
            counterpartyCountries?: string[];
            hourFrom?: number;
            hourTo?: number;
        };
        RuleAmountBound: number | {
            threshold: string;
            multiple?: number;
        };
        RuleOperand: {
            value: number;
        } | {
            threshold: string;
            multiple?: number;
        } | {
            previousPeriod: {
                multiple: number;
            };
        };
        RuleSetDraft: {
            /** Format: uuid */
            draftId: string;
            basedOnVersion: number;
            revision: number;
            /** @description sha256 (hex) of the canonical JSON of content */
            hash: string;
            createdBy: string;
            updatedBy: string;
            /** @description Every key id that wrote the draft */
            editors: string[];
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            updatedAt: string;
            content: components["schemas"]["RuleSetContent"];
        };
        /** @description Case feedback: precision per rule from closed cases (docs/methodology/rules.md#case-feedback) */
        RuleSetFeedback: {
            /** @description true: each rule's `versions` splits its counts by the rule-set version that opened the cases */
            byVersion: boolean;
            /** @description Rules with at least one closed case */
            rules: components["schemas"]["RulePrecision"][];
        };
        RulePrecision: {
            ruleId: string;
            confirmed: number;
            cleared: number;
            /** @description AML cases closed_no_action: neither confirmed nor cleared */
            inconclusive: number;
            /** @description confirmed + cleared */
            sampleSize: number;
            /** @description confirmed / (confirmed + cleared); null without a closed case that counts */
            precision: number | (never | null);
            /** @description Per version, oldest first */
            versions: components["schemas"]["RuleVersionPrecision"][];
        };
        RuleVersionPrecision: {
            /** @description The rule-set version that opened the cases; null: opened by hand or before versions were stamped */
            version: number | (never | null);
            confirmed: number;
            cleared: number;
            /** @description AML cases closed_no_action: neither confirmed nor cleared */
            inconclusive: number;
            /** @description confirmed + cleared */
            sampleSize: number;
            /** @description confirmed / (confirmed + cleared); null without a closed case that counts */
            precision: number | (never | null);
        };
        RuleSetContentInput: {
            /** @description By built-in id (signalId or AML ruleId); left-out built-ins keep their defaults */
            builtins?: {
                [key: string]: components["schemas"]["BuiltinConfigInput"];
            };
            /** @description AML only: named thresholds (major units); left-out ones default; ranges as PUT /v1/kyc-aml/thresholds */
            thresholds?: {
                [key: string]: number;
            };
            custom?: components["schemas"]["CustomRule"][];
            /** @description Fraud only: the overall score (0-100) from which monitoring opens a case; absent: 30 (docs/methodology/rules.md#case-opening) */
            createCaseThreshold?: number;
        };
        BuiltinConfigInput: {
            enabled: boolean;
            /** @enum {string} */
            severity: "low" | "medium" | "high" | "critical";
            /** @description Look-back window; absent: the request's window */
            windowDays?: number;
            /** @description AML only: whether a hit opens (or adds to) a case in monitoring; absent: true (docs/methodology/rules.md#case-opening) */
            opensCase?: boolean;
            /**
             * @description Fraud: the signal's parameters (minor units), left-out ones default. AML: per-rule overrides of thresholds the rule reads
             * @default {}
             */
            parameters: {
                [key: string]: number;
            };
            /**
             * @description Score multiplier, 0..10, default 1
             * @default 1
             */
            weight: number;
        };
        RuleSetVersion: {
            version: number;
            /** @description sha256 (hex) of the canonical JSON of content */
            hash: string;
            basedOnVersion: number;
            fromDraftId: string | (never | null);
            createdBy: string;
            updatedBy: string;
            publishedBy: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            publishedAt: string;
            content: components["schemas"]["RuleSetContent"];
        };
        RuleSetPublication: {
            /** Format: uuid */
            publicationId: string;
            version: number;
            /** @enum {string} */
            action: "publish" | "rollback" | "thresholds";
            actorKeyId: string;
            fromDraftId: string | (never | null);
            basedOnVersion: number;
            rolledBackTo: number | (never | null);
            reason: string | (never | null);
            /** @description sha256 (hex) of the canonical JSON of content */
            hash: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            publishedAt: string;
        };
        PublishRuleSetRequest: {
            /** @description Why (kept in the publication log) */
            reason: string;
        };
        RollbackRuleSetRequest: {
            version: number;
            /** @description Why (kept in the publication log) */
            reason: string;
        };
        RuleSetVersionSummary: {
            version: number;
            /** @description sha256 (hex) of the canonical JSON of content */
            hash: string;
            basedOnVersion: number;
            fromDraftId: string | (never | null);
            createdBy: string;
            updatedBy: string;
            publishedBy: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            publishedAt: string;
        };
        RuleSetBacktestRun: {
            /** @enum {boolean} */
            success: true;
            /** Format: uuid */
            backtestId: string;
            /** @enum {string} */
            kind: "fraud" | "aml";
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed";
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            createdAt: string;
            completedAt: string | (never | null);
            progress: {
                entitiesActive: number;
                /** @description Pages of entities whose AML built-ins were evaluated (AML rule sets) */
                partitionsDone: number;
                /** @description Pages of entities expected for the AML built-ins (an estimate) */
                partitions: number;
                /** @description Pages of entities whose custom rules were evaluated */
                customPagesDone: number;
                /** @description Pages of entities whose fraud built-ins were evaluated (fraud rule sets) */
                fraudPagesDone: number;
                unitsDone: number;
                unitsEstimated: number;
                percent: number;
            };
            backtest?: components["schemas"]["RuleSetBacktestResult"];
            error: string | (never | null);
        };
        /** @description Present once the run succeeded */
        RuleSetBacktestResult: {
            /** @enum {string} */
            kind: "fraud" | "aml";
            /** @enum {string} */
            entityType: "customer" | "account" | "agent" | "merchant" | "counterparty";
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            from: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            to: string;
            live: {
                /** @enum {string} */
                kind: "fraud" | "aml";
                version: number;
                hash: string;
            };
            draft: {
                /** @enum {string} */
                kind: "fraud" | "aml";
                /** @description Always null: a draft has no version until published */
                version: number | (never | null);
                hash: string;
                /** Format: uuid */
                draftId: string;
                basedOnVersion: number;
            };
            entitiesActive: number;
            rules: components["schemas"]["RuleBacktest"][];
            skippedRules: {
                ruleId: string;
                reason: string;
                /** @enum {string} */
                side: "live" | "draft" | "both";
            }[];
            feedbackByVersion: boolean;
            /** @description D1 statements the run issued (about) */
            statements: number;
            /** @enum {number} */
            casesOpened: 0;
        };
        RuleBacktest: {
            ruleId: string;
            /** @enum {string} */
            source: "builtin" | "custom";
            liveHits: number;
            draftHits: number;
            /** @description Entities the draft hits and the live version does not */
            newlyHit: number;
            /** @description Entities the live version hits and the draft does not */
            noLongerHit: number;
            /** @description The first 20 ids, sorted */
            newlyHitSample: string[];
            noLongerHitSample: string[];
            /** @description Case feedback; null: no closed case */
            precision: components["schemas"]["RulePrecision"] | (never | null);
        };
        RuleSetBacktestRequest: {
            /**
             * Format: date-time
             * @description Entities with a transaction from here to `to` are evaluated
             * @example 2026-01-31T00:00:00.000Z
             */
            from: string;
            /**
             * Format: date-time
             * @description Evaluated as of this instant (at most now)
             * @example 2026-01-31T00:00:00.000Z
             */
            to: string;
            /**
             * @default customer
             * @enum {string}
             */
            entityType: "customer" | "account" | "agent" | "merchant" | "counterparty";
            /**
             * @description Queue the run (202) whatever its size
             * @default false
             */
            async: boolean;
        };
        WebhookSubscription: {
            /** Format: uuid */
            id: string;
            url: string;
            eventTypes: string[];
            description: string | null;
            enabled: boolean;
            disabledReason: string | null;
            /** @description First characters of the secret, to tell secrets apart */
            secretPrefix: string;
            previousSecretExpiresAt: string | null;
            breaker: {
                /** @enum {string} */
                state: "closed" | "open" | "half_open";
                consecutiveFailures: number;
                openUntil: string | null;
            };
            createdAt: string;
            updatedAt: string;
        };
        CreateWebhookSubscription: {
            /** @example https://hooks.example.com/credit-ops */
            url: string;
            /**
             * @description Event types, each at most once; ["*"] (alone) for every type
             * @example [
             *       "bhi.calculated",
             *       "customer.risk_alert"
             *     ]
             */
            eventTypes: ("bhi.calculated" | "customer.risk_alert" | "nba.generated" | "workflow.completed" | "workflow.failed" | "fraud.alert_raised" | "fraud.case_opened" | "aml.case_opened" | "monitoring.run_completed" | "goaml.report_generated" | "goaml.report_status_changed" | "goaml.ctr_generated" | "case.sla_breached" | "*")[];
            description?: string;
        };
        UpdateWebhookSubscription: {
            /** @example https://hooks.example.com/credit-ops */
            url?: string;
            /**
             * @description Event types, each at most once; ["*"] (alone) for every type
             * @example [
             *       "bhi.calculated",
             *       "customer.risk_alert"
             *     ]
             */
            eventTypes?: ("bhi.calculated" | "customer.risk_alert" | "nba.generated" | "workflow.completed" | "workflow.failed" | "fraud.alert_raised" | "fraud.case_opened" | "aml.case_opened" | "monitoring.run_completed" | "goaml.report_generated" | "goaml.report_status_changed" | "goaml.ctr_generated" | "case.sla_breached" | "*")[];
            description?: string | null;
            /** @description Re-enabling also closes the circuit breaker */
            enabled?: boolean;
        };
        RotateWebhookSecret: {
            /**
             * @description How long the old secret keeps signing too (0..604800, default 86400)
             * @default 86400
             */
            graceSeconds: number;
        };
        WebhookDeliveryDetail: components["schemas"]["WebhookDelivery"] & {
            payload: components["schemas"]["WebhookEventPayload"];
            attempts: components["schemas"]["WebhookDeliveryAttempt"][];
        };
        WebhookEventPayload: {
            /** @description The event id (X-Idempotency-Key, webhook-id) */
            id: string;
            type: string;
            timestamp: string;
            tenantId: string;
            /** @description By `type`: the event catalog's data schema (GET /v1/webhooks/event-types); a test delivery's data is free-form */
            data: components["schemas"]["BhiCalculatedEventData"] | components["schemas"]["CustomerRiskAlertEventData"] | components["schemas"]["NbaGeneratedEventData"] | components["schemas"]["WorkflowCompletedEventData"] | components["schemas"]["WorkflowFailedEventData"] | components["schemas"]["FraudAlertRaisedEventData"] | components["schemas"]["FraudCaseOpenedEventData"] | components["schemas"]["AmlCaseOpenedEventData"] | components["schemas"]["MonitoringRunCompletedEventData"] | components["schemas"]["GoamlReportGeneratedEventData"] | components["schemas"]["GoamlReportStatusChangedEventData"] | components["schemas"]["GoamlCtrGeneratedEventData"] | components["schemas"]["CaseSlaBreachedEventData"] | {
                [key: string]: unknown;
            };
        };
        BhiCalculatedEventData: {
            customerId: string;
            bhiOverall: number;
            /** @enum {string} */
            bhiBand: "excellent" | "good" | "fair" | "poor" | "critical";
            /** @enum {string} */
            trend: "improving" | "stable" | "declining" | "volatile";
            alerts: {
                type: string;
                severity: string;
                message: string;
                metric: string;
                currentValue: number;
                threshold: number;
            }[];
        };
        CustomerRiskAlertEventData: {
            customerId: string;
            bhiOverall: number;
            previousBhi: number | null;
            threshold: number;
            bhiBand: string;
        };
        NbaGeneratedEventData: {
            customerId: string;
            actionCount: number;
            actions: {
                id: string;
                actionType: string;
                /** @enum {string} */
                priority: "critical" | "high" | "medium" | "low";
            }[];
        };
        WorkflowCompletedEventData: {
            runId: string;
            workflowId: string;
            workflowName: string;
            /** @enum {string} */
            status: "succeeded" | "failed";
            /** @description Run time, e.g. 1.2s */
            duration: string;
            error?: string;
        };
        WorkflowFailedEventData: {
            runId: string;
            workflowId: string;
            workflowName: string;
            /** @enum {string} */
            status: "succeeded" | "failed";
            /** @description Run time, e.g. 1.2s */
            duration: string;
            error?: string;
        };
        FraudAlertRaisedEventData: {
            alertId: string;
            /** @enum {string} */
            entityType: "customer" | "account" | "agent" | "merchant" | "counterparty";
            entityId: string;
            /** @enum {string} */
            severity: "low" | "medium" | "high" | "critical";
            score: number;
            ruleIds: string[];
            /** @enum {string} */
            trigger: "arrival" | "schedule" | "on_demand";
            ruleSet: {
                /** @enum {string} */
                kind: "fraud" | "aml";
                version: number;
                hash: string;
                draft?: unknown;
            };
        };
        FraudCaseOpenedEventData: {
            caseId: string;
            alertId: string;
            /** @enum {string} */
            entityType: "customer" | "account" | "agent" | "merchant" | "counterparty";
            entityId: string;
            /** @enum {string} */
            severity: "low" | "medium" | "high" | "critical";
            overallScore: number;
            /** @enum {string} */
            trigger: "arrival" | "schedule" | "on_demand";
        };
        AmlCaseOpenedEventData: {
            caseId: string;
            alertId: string;
            ruleId: string;
            /** @enum {string} */
            entityType: "customer" | "account" | "agent" | "merchant" | "counterparty";
            entityId: string;
            /** @enum {string} */
            riskLevel?: "low" | "medium" | "high" | "critical";
            /** @enum {string} */
            trigger: "arrival" | "schedule" | "on_demand";
        };
        MonitoringRunCompletedEventData: {
            runId: string;
            /** @enum {string} */
            trigger: "schedule" | "manual";
            occurrence: string;
            /** @enum {string} */
            status: "running" | "completed" | "failed";
            startedAt: string;
            completedAt: string | null;
            durationMs: number | null;
            figures: {
                entitiesScreened: number;
                entitiesSkipped: number;
                entitiesFailed: number;
                alertsRaised: number;
                casesOpened: number;
                casesAppended: number;
            };
            steps: number;
            error: string | null;
        };
        GoamlReportGeneratedEventData: {
            reportId: string;
            /** @enum {string} */
            kind: "str";
            caseId: string;
            sha256: string;
        };
        GoamlReportStatusChangedEventData: {
            reportId: string;
            /** @enum {string} */
            kind: "str" | "ctr";
            caseId: string | null;
            day: string | null;
            /** @enum {string} */
            fromStatus: "draft" | "submitted" | "accepted" | "rejected";
            /** @enum {string} */
            toStatus: "draft" | "submitted" | "accepted" | "rejected";
            fiuRefNumber: string | null;
        };
        GoamlCtrGeneratedEventData: {
            reportId: string;
            day: string;
            transactionCount: number;
            sha256: string;
        };
        CaseSlaBreachedEventData: {
            caseId: string;
            /** @enum {string} */
            kind: "fraud" | "aml";
            dueAt: string;
            breachedAt: string;
            status: string;
            assigneeId: string | null;
            /**
             * @description Fraud cases
             * @enum {string}
             */
            severity?: "low" | "medium" | "high" | "critical";
            /**
             * @description AML cases
             * @enum {string}
             */
            riskLevel?: "low" | "medium" | "high" | "critical";
            /** @description AML cases: the STR clock, if running */
            strDueAt?: string | null;
        };
        WebhookDeliveryAttempt: {
            attemptNumber: number;
            attemptedAt: string;
            responseStatus: number | null;
            durationMs: number;
            error: string | null;
            /** @description At most 256 characters of a 2xx answer's body, control characters replaced by spaces; null for any other answer. Receiver bodies are never returned whole. */
            responseExcerpt: string | null;
            /** @description SHA-256 (hex) of the response body's first 65,536 bytes; null when none was read */
            responseBodySha256: string | null;
            /** @description Bytes of the response body read (reading stops at 65,536) */
            responseBodyBytes: number | null;
        };
        WebhookDelivery: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            subscriptionId: string;
            /** @description Also the X-Idempotency-Key and webhook-id */
            eventId: string;
            eventType: string;
            /** @enum {string} */
            status: "pending" | "succeeded" | "retrying" | "dead";
            attemptCount: number;
            nextAttemptAt: string | null;
            lastAttemptAt: string | null;
            lastResponseStatus: number | null;
            lastError: string | null;
            /** @description The delivery this one replays */
            replayOf: string | null;
            test: boolean;
            createdAt: string;
            updatedAt: string;
        };
        TestWebhookDelivery: {
            /**
             * @description Sent as X-Service-Event; default webhook.test
             * @enum {string}
             */
            eventType?: "bhi.calculated" | "customer.risk_alert" | "nba.generated" | "workflow.completed" | "workflow.failed" | "fraud.alert_raised" | "fraud.case_opened" | "aml.case_opened" | "monitoring.run_completed" | "goaml.report_generated" | "goaml.report_status_changed" | "goaml.ctr_generated" | "case.sla_breached";
        };
        WebhookEventType: {
            /** @example fraud.alert_raised */
            type: string;
            description: string;
            /** @description The name of the data schema under components.schemas of the OpenAPI document */
            component: string;
            /** @description JSON Schema (draft 2020-12) of the event's `data` */
            dataSchema: {
                [key: string]: unknown;
            };
        };
        SaasMetricsResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example GHS */
            currency: string;
            metrics: components["schemas"]["SaasCurrentMetrics"];
            mrrTrend: components["schemas"]["MrrTrendPoint"][];
            compoundMonthlyGrowthPercent: number;
        };
        SaasCurrentMetrics: components["schemas"]["SaasMonthMetrics"] & {
            totalCustomers: number;
        };
        SaasMonthMetrics: {
            /**
             * @description Calendar month (UTC), YYYY-MM
             * @example 2026-03
             */
            month: string;
            /**
             * @description Customers' inflow (credits) in the month
             * @example 1250.00
             */
            mrr: string;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            previousMrr: string;
            /**
             * @description Percent, 2 decimals; null when undefined
             * @example 12.5
             */
            growthPercent: number | null;
            /**
             * @description Inflow of customers with none the month before
             * @example 1250.00
             */
            newInflow: string;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            expansionInflow: string;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            contractionInflow: string;
            /**
             * @description Last month's inflow of customers with none this month
             * @example 1250.00
             */
            churnedInflow: string;
            /**
             * @description (new + expansion) / (contraction + churned); null when nothing was lost
             * @example 2.4
             */
            quickRatio: number | null;
            /**
             * @description Percent, 2 decimals; null when undefined
             * @example 12.5
             */
            grossRetentionPercent: number | null;
            /**
             * @description Percent, 2 decimals; null when undefined
             * @example 12.5
             */
            netRetentionPercent: number | null;
            activeCustomers: number;
            newCustomers: number;
            churnedCustomers: number;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            averageInflowPerCustomer: string;
            /** @enum {string} */
            revenueHealth: "strong" | "healthy" | "at_risk" | "declining" | "insufficient_data";
        };
        MrrTrendPoint: {
            /**
             * @description Calendar month (UTC), YYYY-MM
             * @example 2026-03
             */
            month: string;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            mrr: string;
            /**
             * @description Percent, 2 decimals; null when undefined
             * @example 12.5
             */
            growthPercent: number | null;
        };
        SaasMetricsHistoryResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example GHS */
            currency: string;
            months: number;
            /** @description Newest month first */
            history: components["schemas"]["SaasMonthMetrics"][];
        };
        PortfolioRunwayResponse: {
            /** @enum {boolean} */
            success: true;
            portfolio: components["schemas"]["PortfolioRunway"];
        };
        PortfolioRunway: {
            /** @example GHS */
            currency: string;
            customersAnalysed: number;
            byStatus: {
                depleted: number;
                critical: number;
                warning: number;
                watch: number;
                stable: number;
                notBurning: number;
            };
            under3Months: number;
            under6Months: number;
            under12Months: number;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            balanceAtRisk: string;
            expectedRunwayMonths: {
                /**
                 * @description Months, 1 decimal; null = beyond the horizon
                 * @example 7.4
                 */
                p10: number | null;
                /**
                 * @description Months, 1 decimal; null = beyond the horizon
                 * @example 7.4
                 */
                p50: number | null;
                /**
                 * @description Months, 1 decimal; null = beyond the horizon
                 * @example 7.4
                 */
                p90: number | null;
            };
            projectedDepletions: {
                confidenceLevel: number;
                within3Months: components["schemas"]["DepletionProjection"];
                within6Months: components["schemas"]["DepletionProjection"];
                within12Months: components["schemas"]["DepletionProjection"];
            };
            windowMonths: number;
        };
        /** @description Expected number of customers, with its interval */
        DepletionProjection: {
            expected: number;
            lower: number;
            upper: number;
        };
        CustomerRunwayResponse: {
            /** @enum {boolean} */
            success: true;
            runway: components["schemas"]["CustomerRunway"];
        };
        CustomerRunway: {
            /** Format: uuid */
            customerId: string;
            /** @example GHS */
            currency: string;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            balance: string;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            averageMonthlyNetFlow: string;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            monthlyNetFlowStdDev: string;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            averageMonthlyBurn: string;
            /** @enum {string} */
            status: "depleted" | "critical" | "warning" | "watch" | "stable" | "not_burning";
            /**
             * @description Months, 1 decimal; null = beyond the horizon
             * @example 7.4
             */
            expectedMonths: number | null;
            /**
             * @description Months, 1 decimal; null = beyond the horizon
             * @example 7.4
             */
            p10Months: number | null;
            /**
             * @description Months, 1 decimal; null = beyond the horizon
             * @example 7.4
             */
            p50Months: number | null;
            /**
             * @description Months, 1 decimal; null = beyond the horizon
             * @example 7.4
             */
            p90Months: number | null;
            confidenceInterval: components["schemas"]["RunwayConfidenceInterval"];
            depletionProbability: components["schemas"]["RunwayDepletionProbability"];
            horizonMonths: number;
            windowMonths: number;
            monthlyNetFlows: components["schemas"]["MonthlyNetFlow"][];
            method: string;
        };
        RunwayConfidenceInterval: {
            level: number;
            /**
             * @description Months, 1 decimal; null = beyond the horizon
             * @example 7.4
             */
            lowerMonths: number | null;
            /**
             * @description Months, 1 decimal; null = beyond the horizon
             * @example 7.4
             */
            upperMonths: number | null;
        };
        RunwayDepletionProbability: {
            within3Months: number;
            within6Months: number;
            within12Months: number;
        };
        MonthlyNetFlow: {
            /**
             * @description Calendar month (UTC), YYYY-MM
             * @example 2026-03
             */
            month: string;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            inflow: string;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            outflow: string;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            netFlow: string;
        };
        PortfolioNarrativeResponse: {
            /** @enum {boolean} */
            success: true;
            narrative: components["schemas"]["PortfolioNarrative"];
        };
        PortfolioNarrative: {
            headline: string;
            sections: {
                title: string;
                content: string;
            }[];
            keyInsights: string[];
            evidence: components["schemas"]["NarrativeEvidence"][];
            metrics: {
                saas: components["schemas"]["SaasCurrentMetrics"];
                concentration: {
                    top1SharePercent: number;
                    top5SharePercent: number;
                    top10SharePercent: number;
                    hhi: number;
                    /** @enum {string} */
                    concentrationLevel: "unconcentrated" | "moderate" | "high";
                };
                runway: {
                    customersAnalysed: number;
                    under3Months: number;
                    under6Months: number;
                    under12Months: number;
                };
            };
        };
        NarrativeEvidence: {
            metric: string;
            /** @description The number as text; null when undefined */
            value: string | null;
        };
        ConcentrationResponse: {
            /** @enum {boolean} */
            success: true;
            concentration: components["schemas"]["Concentration"];
        };
        Concentration: {
            /** @example GHS */
            currency: string;
            period: {
                /**
                 * @description Calendar month (UTC), YYYY-MM
                 * @example 2026-03
                 */
                from: string;
                /**
                 * @description Calendar month (UTC), YYYY-MM
                 * @example 2026-03
                 */
                to: string;
                months: number;
            };
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            totalInflow: string;
            customersWithInflow: number;
            customers: {
                top1SharePercent: number;
                top5SharePercent: number;
                top10SharePercent: number;
                /** @description Herfindahl-Hirschman index, 0..10,000 */
                hhi: number;
                /** @enum {string} */
                concentrationLevel: "unconcentrated" | "moderate" | "high";
                topCustomers: components["schemas"]["TopCustomerShare"][];
            };
            byVertical: components["schemas"]["GroupConcentration"];
            byCounterpartyCountry: components["schemas"]["GroupConcentration"];
        };
        TopCustomerShare: {
            rank: number;
            /** Format: uuid */
            customerId: string;
            name: string;
            vertical: string | null;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            inflow: string;
            sharePercent: number;
        };
        GroupConcentration: {
            hhi: number;
            /** @enum {string} */
            concentrationLevel: "unconcentrated" | "moderate" | "high";
            groups: components["schemas"]["ConcentrationGroup"][];
        };
        ConcentrationGroup: {
            key: string;
            customers: number;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            inflow: string;
            sharePercent: number;
        };
        WhatIfChurnResponse: {
            /** @enum {boolean} */
            success: true;
            /** @example GHS */
            currency: string;
            /**
             * @description Calendar month (UTC), YYYY-MM
             * @example 2026-03
             */
            month: string;
            horizonMonths: number;
            assumptions: {
                monthlyGrowthRatePercent: number;
                growthWindowMonths: number;
                selection: string;
                namedCustomers: number;
                selectedByRate: number;
            };
            /** @description Churned customers that had inflow last month */
            churnedCustomers: number;
            baseline: components["schemas"]["WhatIfPortfolioMetrics"];
            scenario: components["schemas"]["WhatIfPortfolioMetrics"];
            delta: components["schemas"]["WhatIfChurnDelta"];
            projection: components["schemas"]["WhatIfProjectionMonth"][];
        };
        WhatIfPortfolioMetrics: {
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            mrr: string;
            activeCustomers: number;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            averageInflowPerCustomer: string;
            top1SharePercent: number;
            top10SharePercent: number;
            hhi: number;
            /** @enum {string} */
            concentrationLevel: "unconcentrated" | "moderate" | "high";
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            projectedMrrAtHorizon: string;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            projectedCumulativeInflow: string;
        };
        WhatIfChurnDelta: {
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            mrr: string;
            mrrPercent: number;
            activeCustomers: number;
            top10SharePercent: number;
            hhi: number;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            projectedMrrAtHorizon: string;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            projectedCumulativeInflow: string;
        };
        WhatIfProjectionMonth: {
            /**
             * @description Calendar month (UTC), YYYY-MM
             * @example 2026-03
             */
            month: string;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            baselineMrr: string;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            scenarioMrr: string;
        };
        /** @description Named customers and/or a share of last month's active customers (the smallest by inflow) leave the portfolio. */
        WhatIfChurnRequest: {
            churnedCustomerIds?: string[];
            churnRatePercent?: number;
            /** @default 12 */
            horizonMonths: number;
        };
        SMEHealthResponse: {
            /** @enum {boolean} */
            success: true;
            /** Format: uuid */
            customerId: string;
            customerName: string;
            health: components["schemas"]["SMEHealth"];
            /** @description null when includeCohort is false */
            cohort: components["schemas"]["CohortPlacement"] | (never | null);
            /** @description null when includeNarrative is false */
            narrative: components["schemas"]["SMEHealthNarrative"] | (never | null);
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            evaluatedAt: string;
            windowDays: number;
            /**
             * Format: uuid
             * @description The stored assessment; null when computed on demand
             */
            assessmentId: string | null;
            /**
             * @description calculated: by this POST and stored; stored: a fresh stored assessment; computed: from current data, not stored
             * @enum {string}
             */
            source: "calculated" | "stored" | "computed";
            calculationVersion: string;
            /**
             * Format: uuid
             * @description The cohort benchmark snapshot the placement was ranked against
             */
            benchmarkSnapshotId: string | null;
            /** @example Advisory only: SME health is a descriptive, rule-based reading of the transactions the lender holds. It is not a credit score and not a lending decision; a credit officer must review the evidence before any action. */
            disclaimer: string;
        };
        SMEHealth: {
            metrics: components["schemas"]["SMEHealthMetrics"];
            /**
             * @description 0-100, 2 decimals, higher is healthier
             * @example 72.45
             */
            overallScore: number;
            /** @enum {string} */
            overallTrend: "improving" | "stable" | "declining";
            /** @description Data sufficiency, 0..1 */
            confidenceScore: number;
            evidence: components["schemas"]["SMEHealthEvidence"][];
        };
        SMEHealthMetrics: {
            /**
             * @description 0-100, 2 decimals, higher is healthier
             * @example 72.45
             */
            stabilityIndex: number;
            /** @enum {string} */
            growthTrend: "improving" | "stable" | "declining";
            /** @description Inflow of the newer half of the window vs the older half, -100..1000 */
            growthRatePercent: number;
            /**
             * @description 0-100, 2 decimals, higher is healthier
             * @example 72.45
             */
            diversificationIndex: number;
            /**
             * @description Resilience to peak periods: 100 = inflow spread evenly
             * @example 72.45
             */
            seasonalityScore: number;
            /**
             * @description 0-100, 2 decimals, higher is healthier
             * @example 72.45
             */
            cashFlowHealth: number;
            /**
             * @description 0-100, 2 decimals, higher is healthier
             * @example 72.45
             */
            activityIndex: number;
        };
        SMEHealthEvidence: {
            metric: string;
            value: number;
            interpretation: string;
        };
        CohortPlacement: {
            cohort: components["schemas"]["SMECohort"];
            /** @description Peers the rankings use: the cohort, or `all` when it has fewer than 5; null when neither has 5 */
            comparedAgainst: {
                cohortId: string;
                sampleSize: number;
            } | null;
            percentileRankings: {
                [key: string]: number;
            };
            /** @description null when there are too few peers */
            overallPercentile: number | null;
            /** @enum {string} */
            performanceLabel: "top_performer" | "above_average" | "average" | "below_average" | "needs_attention" | "insufficient_peers";
            benchmarkComparison: {
                aboveBenchmark: string[];
                atBenchmark: string[];
                belowBenchmark: string[];
            };
        };
        SMECohort: {
            /** @example t2-v2 */
            cohortId: string;
            name: string;
            description: string;
            criteria: {
                minMonthlyTransactions: number;
                /** @description Exclusive upper bound; null = none */
                maxMonthlyTransactions: number | null;
                /** @description Money in plus out per 30 days, tenant currency */
                minMonthlyVolume: number;
                /** @description Exclusive upper bound; null = none */
                maxMonthlyVolume: number | null;
            };
        };
        SMEHealthNarrative: {
            executiveSummary: string;
            sections: {
                title: string;
                content: string;
            }[];
            keyInsights: string[];
            evidencePoints: string[];
            /** @example Advisory only: SME health is a descriptive, rule-based reading of the transactions the lender holds. It is not a credit score and not a lending decision; a credit officer must review the evidence before any action. */
            disclaimer: string;
        };
        SMEHealthCalculateRequest: {
            /** Format: uuid */
            customerId: string;
            /**
             * @description 7..365, default 90
             * @default 90
             */
            windowDays: number;
            /** @default true */
            includeCohort: boolean;
            /** @default true */
            includeNarrative: boolean;
        };
        CohortBenchmarkList: {
            /** @enum {boolean} */
            success: true;
            cohorts: components["schemas"]["CohortBenchmark"][];
            totalCount: number;
            windowDays: number;
            /** Format: uuid */
            snapshotId: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            computedAt: string;
            /** @example Advisory only: SME health is a descriptive, rule-based reading of the transactions the lender holds. It is not a credit score and not a lending decision; a credit officer must review the evidence before any action. */
            disclaimer: string;
        };
        CohortBenchmark: {
            cohortId: string;
            name: string;
            description: string;
            criteria: {
                minMonthlyTransactions: number;
                /** @description Exclusive upper bound; null = none */
                maxMonthlyTransactions: number | null;
                /** @description Money in plus out per 30 days, tenant currency */
                minMonthlyVolume: number;
                /** @description Exclusive upper bound; null = none */
                maxMonthlyVolume: number | null;
            };
            sampleSize: number;
            /** @description Empty when sampleSize is 0 */
            metrics: {
                [key: string]: {
                    p25: number;
                    p50: number;
                    p75: number;
                    mean: number;
                };
            };
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            computedAt: string;
        };
        GraphQLResponse: {
            /** @description true when there are no errors */
            success: boolean;
            errors?: components["schemas"]["GraphQLError"][];
            /** @description Absent when the request was refused */
            data?: {
                [key: string]: unknown;
            };
            /** @description cost: {depth, nodes, loads, fields, limits} of the query */
            extensions?: {
                [key: string]: unknown;
            };
        };
        GraphQLError: {
            message: string;
            locations?: {
                line: number;
                column: number;
            }[];
            path?: (string | number)[];
            extensions?: {
                /**
                 * @description FORBIDDEN, NOT_FOUND, BAD_USER_INPUT, INTERNAL_SERVER_ERROR (fields); GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED, BAD_USER_INPUT, DEPTH_LIMIT_EXCEEDED, COMPLEXITY_LIMIT_EXCEEDED, MUTATION_LIMIT_EXCEEDED (requests)
                 * @example FORBIDDEN
                 */
                code: string;
                details?: {
                    path: string;
                    message: string;
                }[];
            } & {
                [key: string]: unknown;
            };
        };
        GraphQLRequest: {
            /**
             * @description At most 64 levels of nested braces, parentheses and brackets (checked before parsing)
             * @example query ($limit: Int) { customers(limit: $limit) { data { id name } pagination { total } } }
             */
            query: string;
            /**
             * @description Variable values (at most 10000 values in all). Free-form JSON object: at most 100 keys, 32 levels deep and 256 KiB as JSON.
             * @example {
             *       "limit": 10
             *     }
             */
            variables?: {
                [key: string]: unknown;
            } | null;
            operationName?: string | null;
        };
        AgentBenchmarkGroup: {
            groupId: string;
            name: string;
            sampleSize: number;
            metrics: {
                avgTransactionCount30d: number;
                avgTransactionVolume30d: number;
                /** @description Mean floatBalance / floatLimit */
                avgFloatUtilization: number;
                avgAHIScore: number;
            };
            /** @description AHI score quartiles (nearest rank) */
            percentiles: {
                p25: number;
                p50: number;
                p75: number;
            };
            /** @description When the group's figures were computed */
            computedAt?: string;
        };
        AgentHealthSummary: {
            agentId: string;
            agentCode: string;
            agentName: string | null;
            agentTier: string;
            agentStatus: string;
            region: string | null;
            ahiScore: number;
            /** @enum {string} */
            ahiBand: "excellent" | "good" | "fair" | "poor" | "critical";
            flagCount: number;
            criticalFlagCount: number;
            /** @description floatBalance / floatLimit (0..1 in band) */
            floatUtilization: number | null;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            floatBalance: string;
            transactionCount30d: number;
            /**
             * @description Decimal string, 2 fraction digits
             * @example 1250.00
             */
            transactionVolume30d: string;
            computedAt: string;
        };
        AgentHealthReport: {
            /** Format: uuid */
            reportId: string;
            /** Format: uuid */
            correlationId: string;
            /** Format: uuid */
            tenantId: string;
            agentId: string;
            agentCode: string;
            agentName: string | null;
            agentType: string;
            agentTier: string;
            agentStatus: string;
            region: string | null;
            ahiScore: number;
            /** @enum {string} */
            ahiBand: "excellent" | "good" | "fair" | "poor" | "critical";
            components: components["schemas"]["AhiComponent"][];
            flags: components["schemas"]["AgentHealthFlag"][];
            evidence: components["schemas"]["AgentHealthEvidence"][];
            /**
             * @description Currency of the money figures: the tenant's currency, or the one given to calculate
             * @example GHS
             */
            currency: string;
            /** @description Regions the agent serves besides its home region (reported, not scored) */
            servesRegions: string[];
            /** @description null without peers, or when the figures are in another currency than the tenant's */
            peerComparison: components["schemas"]["AgentPeerComparison"] | (never | null);
            confidenceScore: number;
            missingDataPoints: string[];
            floatUtilization: number | null;
            windowDays: number;
            computedAt: string;
            calculationVersion: string;
            /** @enum {boolean} */
            isDiagnosticOnly: true;
            /** @example Diagnostic only. The Agent Health Index describes an agent's recent activity, float and cash position from the data available; it is not a performance rating, makes no automated decision and never suspends or restricts an agent. Any action needs human review. */
            disclaimer: string;
        };
        AhiComponent: {
            /** @enum {string} */
            componentId: "activity_trend" | "volume_trend" | "float_utilization" | "cash_balance" | "recency" | "tenure";
            name: string;
            score: number;
            weight: number;
            available: boolean;
            interpretation: string;
            /** @description The measured value; null when unavailable */
            rawValue: number | null;
            threshold: number;
        };
        AgentHealthFlag: {
            /** @enum {string} */
            type: "dormancy" | "no_activity" | "float_depletion" | "float_excess" | "volume_drop" | "activity_drop" | "recent_slowdown" | "cash_imbalance" | "new_agent" | "status_not_active";
            /** @enum {string} */
            severity: "info" | "warning" | "critical";
            description: string;
            detectedAt: string;
            daysSinceActivity: number | null;
            percentageValue: number | null;
            threshold: number | null;
            suggestedAction: string;
        };
        AgentHealthEvidence: {
            metric: string;
            value: number;
            interpretation: string;
        };
        /** @description Against the agent's tier (its region when the tier has no other agent) */
        AgentPeerComparison: {
            /** @description Percentile rank among the group's other agents (ties count half) */
            ranking: {
                transactionCount: number;
                transactionVolume: number;
                /** @description Percentile of the float component score */
                floatUtilization: number;
                overallHealth: number;
            };
            /** @enum {string} */
            performanceClass: "top_performer" | "above_average" | "average" | "below_average" | "needs_support";
            benchmarkGroup: components["schemas"]["AgentBenchmarkGroup"];
            strengths: string[];
            weaknesses: string[];
            /** @description The same against the agent's region */
            regional: {
                /** @description Percentile rank among the group's other agents (ties count half) */
                ranking: {
                    transactionCount: number;
                    transactionVolume: number;
                    /** @description Percentile of the float component score */
                    floatUtilization: number;
                    overallHealth: number;
                };
                /** @enum {string} */
                performanceClass: "top_performer" | "above_average" | "average" | "below_average" | "needs_support";
                benchmarkGroup: components["schemas"]["AgentBenchmarkGroup"];
                strengths: string[];
                weaknesses: string[];
            } | null;
        };
        AgentHealthCalculateRequest: {
            agentId: string;
            agentCode: string;
            agentName?: string;
            /**
             * @default individual
             * @enum {string}
             */
            agentType: "individual" | "corporate" | "super_agent";
            /** @enum {string} */
            agentTier: "basic" | "standard" | "premium" | "super";
            /** @enum {string} */
            agentStatus: "active" | "inactive" | "suspended" | "pending_verification";
            /** @description Major units, 0..1e12 */
            floatBalance: number;
            /** @description Major units, 0..1e12 */
            floatLimit: number;
            /**
             * @description ISO 4217 currency of the money figures. Default: the tenant's currency (GHS unless the operator set another). Peers are the tenant's agents, whose figures are in the tenant's currency, so another currency gets no peer comparison (peerBenchmarks in missingDataPoints).
             * @example GHS
             */
            currency?: string;
            transactionCount30d?: number;
            /** @description Not above transactionCount30d */
            transactionCount7d?: number;
            previousPeriodCount?: number;
            cashInCount30d?: number;
            cashOutCount30d?: number;
            /** @description Major units, 0..1e12 */
            transactionVolume30d?: number;
            /** @description Not above transactionVolume30d */
            transactionVolume7d?: number;
            /** @description Major units, 0..1e12 */
            previousPeriodVolume?: number;
            /** @description Major units, 0..1e12 */
            cashInVolume30d?: number;
            /** @description Major units, 0..1e12 */
            cashOutVolume30d?: number;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            lastTransactionAt?: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            activatedAt?: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            createdAt?: string;
            region?: string;
            /** @description Regions the agent serves besides `region`; returned in the report, not scored */
            servesRegions?: string[];
            /** @default true */
            includePeerComparison: boolean;
        };
        NBAGenerateResponse: {
            /** @enum {boolean} */
            success: true;
            /** Format: uuid */
            customerId: string;
            /**
             * @description Where the BHI fields came from: the stored latest record, the request's override, or none known
             * @enum {string}
             */
            bhiSource: "stored" | "override" | "none";
            actions: components["schemas"]["NBAAction"][];
            evaluatedRules: number;
            matchedRules: number;
            eventRecorded: boolean;
        };
        NBAAction: {
            /**
             * @description Deterministic: `<ruleId>:<customerId>`
             * @example NBA-LIQ-001:7f3c9a52-1d2e-4b6a-9c1f-2a3b4c5d6e7f
             */
            id: string;
            /** @example liquidity_buffer */
            actionType: string;
            /** @example NBA-LIQ-001 */
            ruleId: string;
            title: string;
            description: string;
            /** @enum {string} */
            priority: "critical" | "high" | "medium" | "low";
            /** @example liquidity */
            category: string;
            suggestedSteps: string[];
            expectedImpact: string;
            confidence: number;
        };
        NBAGenerateRequest: {
            /** Format: uuid */
            customerId: string;
            bhi?: components["schemas"]["NBABhiOverride"];
            /**
             * @description Record an `nba.generated` event (when at least one action matched). Needs `nba:write`.
             * @default false
             */
            recordEvent: boolean;
        };
        /** @description Replaces the stored latest BHI's overall score, band and trend for this evaluation (band follows from bhiOverall when omitted). Components, alerts and metrics still come from the stored record. */
        NBABhiOverride: {
            bhiOverall?: number;
            /** @enum {string} */
            bhiBand?: "excellent" | "good" | "fair" | "poor" | "critical";
            /** @enum {string} */
            trend?: "improving" | "stable" | "declining" | "volatile";
        };
        NBABatchResponse: {
            /** @enum {boolean} */
            success: true;
            results: components["schemas"]["NBABatchResult"][];
            summary: {
                total: number;
                successful: number;
                failed: number;
                actionCount: number;
            };
        };
        NBABatchResult: {
            /** Format: uuid */
            customerId: string;
            /** @enum {string} */
            status: "ok" | "failed";
            /**
             * @description Where the BHI fields came from: the stored latest record, the request's override, or none known
             * @enum {string}
             */
            bhiSource?: "stored" | "override" | "none";
            actions: components["schemas"]["NBAAction"][];
            evaluatedRules: number;
            matchedRules: number;
            error?: {
                code: string;
                message: string;
            };
        };
        NBABatchRequest: {
            customerIds: string[];
            /**
             * @description Record `nba.generated` for each customer with at least one action. Needs `nba:write`.
             * @default false
             */
            recordEvents: boolean;
        };
        Workflow: {
            /** @enum {string} */
            id: "bhi-refresh" | "risk-review" | "monthly-reports";
            name: string;
            description: string;
            /** @example 1.0.0 */
            version: string;
            /** @enum {string} */
            status: "active";
            triggers: {
                /** @enum {string} */
                type: "manual" | "cron" | "event";
                config: {
                    [key: string]: unknown;
                };
            }[];
            steps: {
                id: string;
                name: string;
                /** @enum {string} */
                action: "bhi.calculate" | "nba.generate_declining" | "fraud.evaluate_and_create" | "aml.evaluate_dry_run" | "reports.generate_pdf";
                config: {
                    [key: string]: unknown;
                };
            }[];
            runCount: number;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            lastRunAt: string | null;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            createdAt: string;
        };
        WorkflowRun: {
            /** Format: uuid */
            id: string;
            workflowId: string;
            workflowName: string;
            workflowVersion: string;
            status: components["schemas"]["WorkflowRunStatus"];
            /** @description "api:<keyId>", "cron:<schedule>" or "event:customer.risk_alert" */
            triggeredBy: string;
            input: {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            startedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            completedAt: string | null;
            /**
             * @description Seconds, e.g. "1.234s"; null until the run finishes
             * @example 1.234s
             */
            duration: string | null;
            steps: {
                id: string;
                name: string;
                action: string;
                /** @enum {string} */
                status: "pending" | "running" | "succeeded" | "failed" | "skipped";
                /**
                 * Format: date-time
                 * @example 2026-01-31T00:00:00.000Z
                 */
                startedAt: string | null;
                /**
                 * Format: date-time
                 * @example 2026-01-31T00:00:00.000Z
                 */
                completedAt: string | null;
                error: string | null;
            }[];
            /** @description Each step's output, by step id */
            output: {
                [key: string]: unknown;
            };
            error: string | null;
        };
        /** @enum {string} */
        WorkflowRunStatus: "pending" | "running" | "succeeded" | "failed";
        WorkflowTriggerResponse: {
            /** @enum {boolean} */
            success: true;
            /** Format: uuid */
            runId: string;
            status: components["schemas"]["WorkflowRunStatus"];
            message: string;
        };
        /** @description The customer as `customerId` or `input.customerId`. risk-review needs one; bhi-refresh and monthly-reports cover every customer without one. */
        WorkflowTriggerRequest: {
            /** Format: uuid */
            customerId?: string;
            input?: {
                /** Format: uuid */
                customerId?: string;
            };
        };
        AuditLogPage: {
            /** @enum {boolean} */
            success: true;
            data: components["schemas"]["AuditEntry"][];
            pagination: components["schemas"]["Pagination"];
        };
        AuditEntry: {
            /**
             * Format: uuid
             * @description UUID v7: ids sort in time order
             */
            id: string;
            actor: components["schemas"]["AuditActor"];
            /** @example aml.thresholds_updated */
            action: string;
            target: components["schemas"]["AuditTarget"];
            /**
             * Format: uuid
             * @description null for platform actions
             */
            tenantId: string | null;
            /** @description State before the change (secrets never appear); null on creation */
            before: {
                [key: string]: unknown;
            } | null;
            /** @description State after the change (secrets never appear); null on deletion */
            after: {
                [key: string]: unknown;
            } | null;
            requestId: string;
            createdAt: string;
        };
        AuditActor: {
            /** @enum {string} */
            type: "operator" | "api_key" | "system";
            /** @description operator: the operator token id ("bootstrap" for ADMIN_TOKEN); api_key: the API key id; system: the job or task */
            id: string;
        };
        /**
         * @example {
         *       "type": "webhook_subscription",
         *       "id": "0196..."
         *     }
         */
        AuditTarget: {
            type: string;
            id: string;
        };
        TenantList: {
            /** Format: uuid */
            listId: string;
            name: string;
            /** @enum {string} */
            kind: "high_risk_countries" | "watchlist" | "allowlist";
            /** @enum {string} */
            entryType: "country" | "name" | "phone" | "account_number" | "counterparty" | "entity";
            description: string | null;
            entryCount: number;
            /** @description False once archived: the list no longer applies */
            active: boolean;
            /** @description API key id (or system actor) that created it */
            createdBy: string;
            createdAt: string;
            updatedAt: string;
            archivedAt: string | null;
        };
        CreateList: {
            /** @example FATF grey list */
            name: string;
            /**
             * @description high_risk_countries: ISO 3166-1 alpha-2 codes (the geography rule reads the union of live ones); watchlist: names, phones, account numbers or counterparties; allowlist: entities cleared for a rule or all rules
             * @enum {string}
             */
            kind: "high_risk_countries" | "watchlist" | "allowlist";
            /**
             * @description watchlist: required, one of name, phone, account_number, counterparty; high_risk_countries: country (default); allowlist: entity (default)
             * @enum {string}
             */
            entryType?: "country" | "name" | "phone" | "account_number" | "counterparty" | "entity";
            description?: string;
        };
        UpdateList: {
            /** @example FATF grey list */
            name?: string;
            description?: string | null;
        };
        ListEntry: {
            /** Format: uuid */
            entryId: string;
            /** Format: uuid */
            listId: string;
            /** @description Normalized; allowlists: <entityType>:<entityId>:<ruleId or *> */
            value: string;
            originalValue: string;
            /** @enum {string|null} */
            entityType: "customer" | "account" | "agent" | "merchant" | "counterparty" | null;
            entityId: string | null;
            ruleId: string | null;
            expiresAt: string | null;
            /** @description An expired allowlist entry no longer applies */
            expired: boolean;
            note: string | null;
            createdBy: string;
            createdAt: string;
        };
        AddListEntries: {
            entries: components["schemas"]["ListEntryInput"][];
        };
        ListEntryInput: {
            /**
             * @description Watchlists and high-risk countries (required there): stored normalized (docs/decisions/lists.md#normalization)
             * @example +233 24 123 4567
             */
            value?: string;
            /**
             * @description Allowlists (required there)
             * @enum {string}
             */
            entityType?: "customer" | "account" | "agent" | "merchant" | "counterparty";
            /** @description Allowlists (required there) */
            entityId?: string;
            /** @description Allowlists: the rule the entity is cleared for; null or absent = every rule */
            ruleId?: string | null;
            /**
             * Format: date-time
             * @description Allowlists (required there): in the future, at most 366 days ahead; the entry stops applying then
             * @example 2026-01-31T00:00:00.000Z
             */
            expiresAt?: string;
            /** @description Why the entry was added */
            note?: string;
        };
        ListHistoryEntry: {
            historyId: string;
            /** Format: uuid */
            listId: string;
            /** @enum {string} */
            action: "list.created" | "list.updated" | "list.archived" | "entry.added" | "entry.removed";
            actor: {
                /** @enum {string} */
                type: "operator" | "api_key" | "system";
                id: string;
            };
            entryId: string | null;
            value: string | null;
            details: {
                [key: string]: unknown;
            } | null;
            requestId: string;
            at: string;
        };
        MonitoringStatus: {
            /** @description Entities awaiting screening (dead letters excluded) */
            pending: number;
            /** @description First arrival (since its last screening) of the oldest pending entity; null when none waits */
            oldestPendingSince: string | (never | null);
            /** @description Pending entities a screener holds under a live lease now */
            claimed: number;
            /** @description Entities whose screening failed 5 times; listed under /v1/monitoring/dead-letters */
            deadLettered: number;
            /** @description The latest screening of any entity; null before the first */
            lastScreenedAt: string | (never | null);
            /** @description Whether arrivals are screened (tenant setting monitoring.onArrival) */
            onArrival: boolean;
        };
        MonitoringDeadLetter: {
            entityType: components["schemas"]["MonitoredEntityType"];
            entityId: string;
            attempts: number;
            lastError: string | (never | null);
            failedAt: string;
            firstSeenAt: string;
            lastSeenAt: string;
        };
        /**
         * @description An entity monitoring screens
         * @enum {string}
         */
        MonitoredEntityType: "customer" | "account" | "agent" | "merchant" | "counterparty";
        RetryDeadLettersResponse: {
            /** @enum {boolean} */
            success: true;
            /** @description Dead-lettered entities put back in the queue */
            retried: number;
        };
        RetryDeadLettersRequest: {
            /** @description The dead letters to re-queue (1..100); absent: all of the tenant's */
            entities?: {
                entityType: components["schemas"]["MonitoredEntityType"];
                entityId: string;
            }[];
        };
        TransactionScreening: {
            /** Format: uuid */
            screeningId: string;
            /** @enum {string} */
            entityType: "customer" | "account";
            /** Format: uuid */
            entityId: string;
            /**
             * Format: date-time
             * @description The instant the windows end: max(now, transactionDate)
             * @example 2026-01-31T00:00:00.000Z
             */
            evaluatedAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            transactionDate: string;
            fraud: components["schemas"]["PreTransactionFraud"];
            /** @description AML trigger rules; null when the key lacks aml:read (AML outcomes are not shown to it) */
            aml: components["schemas"]["PreTransactionAml"] | (never | null);
            /** @description Stored alerts of this screening (0, 1 or 2) */
            alertIds: string[];
            /**
             * @description Advice only: no decision is made or stored here; the client decides whether to proceed
             * @enum {boolean}
             */
            isAdvisoryOnly: true;
        };
        PreTransactionFraud: {
            entityType: components["schemas"]["FraudEntityType"];
            entityId: string;
            severity: components["schemas"]["FraudSeverity"];
            overallScore: number;
            summary: string;
            triggeredSignals: components["schemas"]["TriggeredSignal"][];
            /** @description Signals and custom rules that triggered but an allowlist entry clears for this entity */
            suppressedSignals: {
                signalId: string;
                signalName: string;
                explanation: string;
                /** @enum {string} */
                suppressedBy: "allowlist";
            }[];
            nonTriggeredSignalCount: number;
            evaluatedSignalIds: string[];
            explainability: components["schemas"]["FraudExplainability"];
            evaluatedAt: string;
            windowStart: string;
            windowEnd: string;
            windowDays: number;
            ruleSet: components["schemas"]["RuleSetStamp"];
            /** @enum {boolean} */
            isAdvisoryOnly: true;
            /** @description The stored alert (trigger pre_transaction) when at least one rule of this kind fired; null otherwise */
            alertId: string | (never | null);
        };
        PreTransactionAml: {
            windowDays: number;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            windowStart: string;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            windowEnd: string;
            totalTriggered: number;
            /** @enum {string|null} */
            highestRiskLevel: "low" | "medium" | "high" | "critical" | null;
            skippedRules: {
                ruleId: string;
                reason: string;
            }[];
            /** @description Rules that triggered but an allowlist entry clears for this entity */
            suppressedRules: {
                ruleId: string;
                explanation: string;
                /** @enum {string} */
                suppressedBy: "allowlist";
            }[];
            /** @description Countries the geography rule used: the tenant's stored lists united with the request's */
            highRiskCountries: string[];
            ruleSet: components["schemas"]["RuleSetStamp"];
            /** @description The rules that fired, each with its explanation and counterfactual */
            triggeredRules: components["schemas"]["AmlRuleResult"][];
            /** @description The stored alert (trigger pre_transaction) when at least one rule of this kind fired; null otherwise */
            alertId: string | (never | null);
        };
        ScreenTransactionRequest: {
            /**
             * Format: uuid
             * @description The customer (a stored customer id)
             */
            customerId?: string;
            /**
             * Format: uuid
             * @description The account (a stored account id); with customerId it must be one of that customer's
             */
            accountId?: string;
            /** @description The agent's identifier, as ingested */
            agentId?: string | null;
            /** @enum {string} */
            type: "credit" | "debit";
            /**
             * @description Major units as a decimal string, > 0 (as ingested)
             * @example 1250.00
             */
            amount: string;
            currency: string;
            /** @description Default now; at most 24 hours ahead; the evaluation runs as of max(now, this) */
            transactionDate?: string;
            category?: string | null;
            description?: string | null;
            /** @description Default completed (as ingested) */
            status?: string;
            merchantName?: string | null;
            channel?: string | null;
            counterpartyName?: string | null;
            counterpartyAccount?: string | null;
            counterpartyCountry?: string | null;
            /**
             * @description Fraud and AML window in days (rules with their own window keep it), default 30
             * @default 30
             */
            windowDays: number;
        };
        MonitoringAlertList: {
            /** @enum {boolean} */
            success: true;
            data: components["schemas"]["MonitoringAlert"][];
            pagination: components["schemas"]["Pagination"];
        };
        MonitoringAlert: {
            alertId: string;
            kind: components["schemas"]["MonitoringAlertKind"];
            trigger: components["schemas"]["MonitoringTrigger"];
            entityType: components["schemas"]["MonitoringEntityType"];
            entityId: string;
            severity: components["schemas"]["MonitoringAlertSeverity"] & unknown;
            /** @description Fraud: the overall score 0..100; AML: null */
            score: number | (never | null);
            ruleIds: string[];
            /** @description The rule-set version that raised it */
            ruleSet: {
                kind: components["schemas"]["MonitoringAlertKind"];
                version: number;
                hash: string;
            };
            /** @description Groups the fraud and AML alerts of one screening */
            screeningId: string;
            /** @description The scheduled run that raised it; null otherwise */
            runId: string | (never | null);
            cases: components["schemas"]["MonitoringAlertCaseRef"][];
            /** @description The evaluation as answered: a FraudAlert, or the AML evaluation's triggered rules */
            detail: {
                [key: string]: unknown;
            };
            createdAt: string;
        };
        MonitoringAlertResponse: {
            /** @enum {boolean} */
            success: true;
            alert: components["schemas"]["MonitoringAlert"];
        };
        MonitoringSettingsResponse: {
            /** @enum {boolean} */
            success: true;
            settings: components["schemas"]["MonitoringSettingsView"];
        };
        /** @description Monitoring settings in force, defaults filled in */
        MonitoringSettingsView: {
            /** @description Transactions' entities are screened as they arrive */
            onArrival: boolean;
            schedule: {
                /** @enum {string} */
                frequency: "off" | "hourly" | "daily";
                /** @description Local hour of a daily run */
                hour: number;
                /** @description IANA zone the schedule is read in */
                timeZone: string;
                /** @description The zone is the tenant's timeZone setting (or UTC), not one set on the schedule */
                timeZoneFromTenant: boolean;
            };
        };
        /** @description Fields left out keep their value (so do schedule fields left out) */
        UpdateMonitoringSettingsRequest: {
            /** @description Screen the entities of every ingested or synced transaction as it arrives */
            onArrival?: boolean;
            schedule?: components["schemas"]["MonitoringScheduleSetting"];
        };
        /** @description Scheduled portfolio monitoring (docs/methodology/monitoring.md#schedule-portfolio-runs); fields left out keep their value */
        MonitoringScheduleSetting: {
            /**
             * @description Portfolio runs: off, hourly (at the start of each local hour) or daily (at `hour`); default daily
             * @enum {string}
             */
            frequency?: "off" | "hourly" | "daily";
            /** @description Local hour (0-23) of a daily run; default 2 */
            hour?: number;
            /**
             * @description IANA zone the hour is read in; absent or null: the tenant's timeZone setting, else UTC
             * @example Africa/Accra
             */
            timeZone?: string | null;
        };
        MonitoringRunResponse: {
            /** @enum {boolean} */
            success: true;
            run: components["schemas"]["MonitoringRun"];
        };
        MonitoringRun: {
            /** Format: uuid */
            runId: string;
            /**
             * @description schedule: the tenant's schedule; manual: POST /v1/monitoring/runs
             * @enum {string}
             */
            trigger: "schedule" | "manual";
            /**
             * @description The schedule slot it ran for (e.g. daily:2026-11-24T02, local date and hour), or manual:<runId>; one run per slot
             * @example daily:2026-11-24T02
             */
            occurrence: string;
            /** @enum {string} */
            status: "running" | "completed" | "failed";
            /** @description When the run began: it screens the entities that had activity pending before this instant */
            startedAt: string;
            completedAt: string | (never | null);
            /** @description From start to completion; null while running */
            durationMs: number | (never | null);
            /** @description Accumulated while the run goes; final once status is completed */
            figures: {
                /** @description Entities the run screened (activity since their last screening) */
                entitiesScreened: number;
                /** @description Entities skipped as unchanged: screened before and nothing of theirs arrived since, up to the run's start (counted at completion) */
                entitiesSkipped: number;
                /** @description Entities whose screening failed 5 times during the run (dead-lettered) */
                entitiesFailed: number;
                /** @description Alerts the run's screenings stored */
                alertsRaised: number;
                /** @description Cases its alerts opened */
                casesOpened: number;
                /** @description Open cases its alerts were appended to */
                casesAppended: number;
            };
            /** @description Job invocations the run took (each within D1's per-invocation limits) */
            steps: number;
            /** @description Why a failed run stopped */
            error: string | (never | null);
        };
        MonitoringRunList: {
            /** @enum {boolean} */
            success: true;
            data: components["schemas"]["MonitoringRun"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description An FIU's code lists and settings (docs/decisions/goaml.md#fiu-profile-as-data); cross-checks (every code used is listed, every mapped rule exists, a `default` channel) are 400s naming the field */
        GoamlFiuProfile: {
            fiu: string;
            /** @enum {string} */
            schemaVersion: "5.0.2";
            currencyCodeLocal: string;
            countryCode: string;
            /** @enum {string} */
            submissionCode: "E" | "M";
            reportCodes: {
                str: string;
                ctr: string;
            };
            reportTypes: {
                code: string;
                label: string;
                /** @enum {string} */
                source: "reference" | "placeholder" | "fiu";
            }[];
            fundsTypes: {
                code: string;
                label: string;
                /** @enum {string} */
                source: "reference" | "placeholder" | "fiu";
            }[];
            transmodes: {
                code: string;
                label: string;
                /** @enum {string} */
                source: "reference" | "placeholder" | "fiu";
            }[];
            indicators: {
                code: string;
                label: string;
                /** @enum {string} */
                source: "reference" | "placeholder" | "fiu";
            }[];
            channels: {
                [key: string]: {
                    fundsCode: string;
                    transmodeCode: string;
                };
            };
            ctr: {
                thresholdMinor: number;
                channels: string[];
                indicatorCodes: string[];
            };
            accounts: {
                types: {
                    [key: string]: string;
                };
                statuses: {
                    [key: string]: string;
                };
            };
            indicatorMap: {
                amlRules: {
                    [key: string]: string[];
                };
                fraudSignals: {
                    [key: string]: string[];
                };
            };
        };
        GoamlReportingEntity: {
            rentityId: number;
            branch: string;
            institution: {
                name: string;
                code?: string;
                swift?: string;
                nonBank: boolean;
            };
            reportingPerson: {
                title?: string;
                firstName: string;
                lastName: string;
                /** Format: email */
                email?: string;
                occupation?: string;
                phones?: {
                    contactType: string;
                    communicationType: string;
                    countryPrefix?: string;
                    number: string;
                }[];
            };
        };
        /** @description KYC facts of the reported customer from the institution's KYC file (customer rows hold no identity documents). goAML requires gender, birthdate, id number, nationality, residence, an identification and tax registration for our client; what is missing is named by the 400. */
        GoamlKycSubject: {
            /** @enum {string} */
            gender?: "M" | "F" | "-";
            title?: string;
            firstName?: string;
            middleName?: string;
            lastName?: string;
            /**
             * Format: date
             * @example 1984-06-12
             */
            birthdate?: string;
            idNumber?: string;
            /** @example GH */
            nationality?: string;
            /** @example GH */
            residence?: string;
            occupation?: string;
            taxRegistered?: boolean;
            phones?: {
                contactType: string;
                communicationType: string;
                countryPrefix?: string;
                number: string;
            }[];
            addresses?: {
                addressType: string;
                address: string;
                town?: string;
                city: string;
                /** @example GH */
                countryCode: string;
                state: string;
            }[];
            identifications?: {
                type: string;
                number: string;
                /**
                 * Format: date
                 * @example 1984-06-12
                 */
                issueDate: string;
                /**
                 * Format: date
                 * @example 1984-06-12
                 */
                expiryDate: string;
                issuedBy?: string;
                /** @example GH */
                issueCountry: string;
            }[];
        };
        GoamlReportDetail: components["schemas"]["GoamlReport"] & {
            history: {
                /** @enum {string|null} */
                fromStatus: "draft" | "submitted" | "accepted" | "rejected" | null;
                /** @enum {string} */
                toStatus: "draft" | "submitted" | "accepted" | "rejected";
                fiuRefNumber: string | null;
                note: string | null;
                actorType: string;
                actorId: string;
                createdAt: string;
            }[];
        };
        GoamlReport: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: "str" | "ctr";
            caseId: string | null;
            /** @description CTR: the tenant-local day reported */
            day: string | null;
            /** @enum {string} */
            status: "draft" | "submitted" | "accepted" | "rejected";
            reportCode: string;
            /** @description SHA-256 (hex) of the stored XML */
            sha256: string;
            sizeBytes: number;
            /** @description STR: the case window's newest transactions, at most 100 */
            transactionCount: number;
            fiuRefNumber: string | null;
            resubmissionOf: string | null;
            prevRejectedRefNumber: string | null;
            createdBy: string;
            createdAt: string;
            updatedAt: string;
        };
        GoamlCtrRun: {
            day: string;
            /** @enum {string} */
            status: "filed" | "empty" | "refused";
            issues: {
                path: string;
                message: string;
            }[];
            ranAt: string;
            qualifyingCount: number;
            reportId: string | null;
        };
        CaseFile: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            caseKind: "fraud" | "aml";
            /** Format: uuid */
            caseId: string;
            filename: string;
            /** @enum {string} */
            contentType: "application/pdf" | "image/png" | "image/jpeg" | "text/csv" | "text/plain";
            size: number;
            sha256: string;
            description: string | null;
            uploadedBy: string;
            actorKeyId: string | null;
            /**
             * Format: date-time
             * @example 2026-01-31T00:00:00.000Z
             */
            createdAt: string;
        };
        Tenant: {
            /** Format: uuid */
            id: string;
            name: string;
            shard: number;
            features: {
                agentNetwork?: boolean;
            };
            settings: {
                riskAlertThreshold: number;
                currency: string;
                maxWebhookSubscriptions: number;
                rulesRequireSecondApprover?: boolean;
                /** @description IANA time zone; absent: UTC */
                timeZone?: string;
                /** @description The country setting; null when not set */
                country: string | null;
                /** @description Country in force: the setting, else the currency's country; null when neither names one */
                homeCountry: string | null;
                /** @description Continuous monitoring settings as set; onArrival absent: true; schedule fields absent: daily at 2 in the tenant's zone */
                monitoring?: {
                    onArrival?: boolean;
                    schedule?: {
                        /** @enum {string} */
                        frequency?: "off" | "hourly" | "daily";
                        hour?: number;
                        timeZone?: string | null;
                    };
                };
                caseSla?: components["schemas"]["CaseSlaSettings"];
                caseCloseRequiresSecondActor?: boolean;
                /** @description CORS origins; [] when none */
                allowedOrigins: string[];
                /** @description Per-key budget in force (default 1,200) */
                rateLimitPerMinute: number;
            };
            createdAt: string;
            updatedAt: string;
        };
        /** @description Case SLA hours as set; absent levels: defaults */
        CaseSlaSettings: {
            /** @description Hours from opening to due per severity, 1..8760; defaults {"low":72,"medium":24,"high":8,"critical":4} */
            fraud?: {
                low?: number;
                medium?: number;
                high?: number;
                critical?: number;
            };
            /** @description Hours from opening to due per risk level, 1..8760; defaults {"low":240,"medium":120,"high":72,"critical":24} */
            aml?: {
                low?: number;
                medium?: number;
                high?: number;
                critical?: number;
            };
        };
        NewApiKey: {
            /** Format: uuid */
            id: string;
            /** @description The plaintext key. Shown only in this answer. */
            key: string;
            prefix: string;
            name: string;
            scopes: string[];
            expiresAt: string | null;
        };
        CreateTenantRequest: {
            name: string;
            /** @description An existing shard, 0..SHARD_COUNT-1 of the deployment (else 400; the document states 999, the most it allows). Default: the least-loaded shard */
            shard?: number;
            features?: components["schemas"]["TenantFeatures"];
            settings?: components["schemas"]["TenantSettings"];
        };
        /** @description Feature flags; agentNetwork enables agent health */
        TenantFeatures: {
            agentNetwork?: boolean;
        };
        TenantSettings: {
            /** @description BHI below which customer.risk_alert fires (default 40) */
            riskAlertThreshold?: number;
            /** @description Tenant currency (default GHS) */
            currency?: string;
            /** @description Webhook subscriptions the tenant may hold (default 20, at most 200); every event fans out to each */
            maxWebhookSubscriptions?: number;
            /**
             * @description Home country (ISO 3166-1 alpha-2, upper case), used by AML cross-border. Default: the country of the currency when one country issues it (GHS -> GH); none for shared currencies (EUR, XOF, XAF). null removes the setting.
             * @enum {string|null}
             */
            country?: "AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "XK" | "YE" | "YT" | "ZA" | "ZM" | "ZW" | null;
            /**
             * @description IANA time zone (e.g. Africa/Lagos) for hour-of-day rules: the fraud unusual_hours signal and custom-rule hour filters. Default UTC
             * @example Africa/Accra
             */
            timeZone?: string;
            /** @description Maker-checker for rule sets (default false): a key that edited a draft cannot publish it, and PUT /v1/kyc-aml/thresholds is refused (403 second_approver_required) */
            rulesRequireSecondApprover?: boolean;
            monitoring?: components["schemas"]["MonitoringSettings"];
            caseSla?: components["schemas"]["CaseSlaSettings"] & unknown;
            /** @description Maker-checker close for fraud and AML cases (default false): a close is recorded as close_requested and a different actorId confirms it (403 second_actor_required for the same one) or rejects it */
            caseCloseRequiresSecondActor?: boolean;
            /**
             * @description Browser origins allowed to call /v1 with this tenant's keys (CORS), at most 20: exact scheme://host[:port] in lower case, https (http only for localhost and 127.0.0.1), no path, no default port, no wildcard. Replaces the whole list; [] removes all
             * @example [
             *       "https://dashboard.lender.example"
             *     ]
             */
            allowedOrigins?: string[];
            /** @description Requests a minute each of this tenant's API keys may send (default 1,200); a key's own rateLimitPerMinute wins */
            rateLimitPerMinute?: number;
        };
        /** @description Continuous monitoring (docs/methodology/monitoring.md); fields left out keep their value */
        MonitoringSettings: {
            /** @description Screen the entities of every ingested or synced transaction with the live fraud and AML rule sets as it arrives (default true) */
            onArrival?: boolean;
            schedule?: components["schemas"]["MonitoringScheduleSetting"];
        };
        UpdateTenantRequest: {
            features?: components["schemas"]["TenantFeatures"];
            settings?: components["schemas"]["TenantSettings"];
        };
        CreateKeyRequest: {
            name: string;
            scopes: components["schemas"]["Scope"][];
            /** Format: date-time */
            expiresAt?: string;
        };
        /** @enum {string} */
        Scope: "*" | "data:read" | "data:write" | "bhi:read" | "bhi:write" | "nba:read" | "nba:write" | "insights:read" | "insights:write" | "workflows:read" | "workflows:write" | "reports:read" | "reports:write" | "fraud:read" | "fraud:write" | "sme:read" | "sme:write" | "agents:read" | "agents:write" | "aml:read" | "aml:write" | "webhooks:read" | "webhooks:write" | "audit:read" | "rules:publish";
        ApiKey: {
            /** Format: uuid */
            id: string;
            prefix: string;
            name: string;
            scopes: string[];
            /** @enum {string} */
            status: "active" | "expired" | "revoked";
            expiresAt: string | null;
            revokedAt: string | null;
            rotatedTo: string | null;
            createdAt: string;
        };
        RotateKeyRequest: {
            /**
             * @description How long the old key keeps working (default 86400)
             * @default 86400
             */
            graceSeconds: number;
        };
        Connector: {
            type: string;
            provider: string;
            baseUrl?: string;
            tenantIdentifier?: string;
            username?: string;
            hasPassword: boolean;
            createdAt: string;
            updatedAt: string;
        };
        ConnectorConfigRequest: {
            /** @enum {string} */
            provider: "export";
        } | {
            /** @enum {string} */
            provider: "fineract";
            /**
             * Format: uri
             * @example https://fineract.example.com/fineract-provider/api/v1
             */
            baseUrl: string;
            tenantIdentifier: string;
            username: string;
            password: string;
        };
        ResealSecretsResult: {
            /** @enum {boolean} */
            success: true;
            /** @description Id of the sealing key (first 8 hex digits of its SHA-256) */
            keyId: string;
            connectorPasswords: {
                /** @description Rewritten under the sealing key (older key, or plaintext) */
                resealed: number;
                /** @description Already sealed with the sealing key */
                current: number;
                /** @description Opened by no key of SECRETS_KEY: left as they are and logged by table, tenant and row */
                unreadable: number;
            };
            webhookSecrets: {
                /** @description Rewritten under the sealing key (older key, or plaintext) */
                resealed: number;
                /** @description Already sealed with the sealing key */
                current: number;
                /** @description Opened by no key of SECRETS_KEY: left as they are and logged by table, tenant and row */
                unreadable: number;
            };
            /** @description The re-anchor sweep of case heads (every shard) */
            caseAnchors: {
                /** @description Every case under an older key was reached (re-anchored or found invalid); false: call again */
                complete: boolean;
                fraud: components["schemas"]["CaseAnchorSweepCount"];
                aml: components["schemas"]["CaseAnchorSweepCount"];
            };
        };
        CaseAnchorSweepCount: {
            /** @description Chain and old anchor verified, then anchored again under the first key */
            reanchored: number;
            /** @description Already anchored under the first key (not read, not rewritten) */
            current: number;
            /** @description Chain or old anchor does not verify: NOT re-anchored (that would launder tampering), logged by shard, tenant and case at error level; checked again on every run */
            invalid: number;
            /** @description Anchored under a key SECRETS_KEY no longer holds: cannot be checked, left as they are */
            unreadable: number;
            /** @description Still under an older key after this run (the run's query budget ran out, or an append moved the head while it ran): run again */
            pending: number;
        };
        NewOperatorToken: components["schemas"]["OperatorToken"] & {
            /** @description The plaintext token (cop_...). Shown only in this answer. */
            token: string;
        };
        OperatorToken: {
            /**
             * Format: uuid
             * @description The actor id of this operator in the audit log
             */
            id: string;
            name: string;
            /** @example cop_AbC12345 */
            prefix: string;
            /** @enum {string} */
            status: "active" | "revoked";
            /** @description Operator token id that created it, or "bootstrap" */
            createdBy: string;
            createdAt: string;
            revokedAt: string | null;
        };
        CreateOperatorTokenRequest: {
            /** @example ama.owusu (on-call) */
            name: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listCustomers: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
                /** @description Matches name or email (case-insensitive substring; 1 to 100 characters after trimming, no control characters). Every character is literal: quotes, `*`, `^`, `:`, `NEAR`, `AND`/`OR`/`NOT` and `%`/`_` are matched as written. */
                search?: string;
                status?: "active" | "inactive" | "suspended" | "closed";
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Customers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Customer"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        customer: components["schemas"]["Customer"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAccounts: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
                customerId?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accounts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Account"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTransactions: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
                customerId?: string;
                accountId?: string;
                type?: "credit" | "debit";
                /** @description Inclusive lower bound on transactionDate; not after endDate (else 400 on startDate) */
                startDate?: string;
                /** @description Inclusive upper bound on transactionDate; not before startDate */
                endDate?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Transactions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Transaction"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAgents: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
                tier?: "basic" | "standard" | "premium" | "super";
                region?: string;
                status?: "active" | "inactive" | "suspended" | "pending_verification";
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Agents */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Agent"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAgent: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        agent: components["schemas"]["Agent"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    calculateBhiFromDb: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BHICalculateRequest"];
            };
        };
        responses: {
            /** @description Calculated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BHICalculateResponse"];
                };
            };
            /** @description Accepted: running on the jobs queue */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BHICalculateAccepted"];
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBhiJob: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        job: components["schemas"]["BHIJob"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBhiRecords: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
                customerId?: string;
                bhiBand?: "excellent" | "good" | "fair" | "poor" | "critical";
                trend?: "improving" | "stable" | "declining" | "volatile";
                /** @description Only each customer's latest record (default true) */
                isLatest?: "true" | "false";
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description BHI records */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["BHIRecord"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBhiSummary: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Summary */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        summary: components["schemas"]["BHISummary"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomerBhi: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Latest record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        bhi: components["schemas"]["BHIRecord"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBhiHistory: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description History */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        customerId: string;
                        history: components["schemas"]["BHIHistoryRecord"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBhiReport: {
        parameters: {
            query?: {
                format?: "json" | "csv" | "pdf";
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report */
            200: {
                headers: {
                    ETag: string;
                    /** @description attachment; for csv and pdf */
                    "Content-Disposition": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BHIReport"];
                    "text/csv": string;
                    "application/pdf": string;
                };
            };
            /** @description Not modified (If-None-Match matched the current ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFraudSignals: {
        parameters: {
            query?: {
                /** @description default true */
                enabledOnly?: boolean;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signal definitions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        signals: components["schemas"]["SignalDefinition"][];
                        totalCount: number;
                        /** @description Live fraud rule-set version (0: defaults) */
                        ruleSetVersion: number;
                        /** @description sha256 of that version's content */
                        ruleSetHash: string;
                        /** @example Advisory only: fraud signals are deterministic, rule-based indicators, not findings of fraud. They never block transactions or trigger automated decisions; a human must review the evidence before any action. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    evaluateFraud: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FraudEvaluateRequest"];
            };
        };
        responses: {
            /** @description The alert */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        alert: components["schemas"]["FraudAlert"];
                        /** @example Advisory only: fraud signals are deterministic, rule-based indicators, not findings of fraud. They never block transactions or trigger automated decisions; a human must review the evidence before any action. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    evaluateFraudAndCreateCase: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FraudEvaluateAndCreateRequest"];
            };
        };
        responses: {
            /** @description The alert and the case (null when none exists and none was created) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        alert: components["schemas"]["FraudAlert"];
                        case: components["schemas"]["FraudCaseWithEvents"] | (never | null);
                        caseCreated: boolean;
                        /** @example Advisory only: fraud signals are deterministic, rule-based indicators, not findings of fraud. They never block transactions or trigger automated decisions; a human must review the evidence before any action. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFraudAlerts: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
                /** @description Alerts where this rule fired */
                ruleId?: string;
                ruleSetVersion?: number;
                severity?: components["schemas"]["MonitoringAlertSeverity"];
                entityType?: components["schemas"]["MonitoringEntityType"];
                /** @description Needs entityType (an entity is named by its type and id) */
                entityId?: string;
                /** @description What started the screening that raised the alert */
                trigger?: components["schemas"]["MonitoringTrigger"];
                /** @description Alerts created at or after this time */
                from?: string;
                /** @description Alerts created at or before this time */
                to?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stored fraud alerts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        alerts: components["schemas"]["StoredFraudAlert"][];
                        pagination: components["schemas"]["Pagination"];
                        message: string;
                        /** @example Advisory only: fraud signals are deterministic, rule-based indicators, not findings of fraud. They never block transactions or trigger automated decisions; a human must review the evidence before any action. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFraudCases: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
                entityType?: components["schemas"]["FraudEntityType"];
                entityId?: string;
                /** @description Comma-separated: low, medium, high, critical */
                severity?: string;
                /** @description Comma-separated: open, under_review, pending_info, escalated, closed_cleared, closed_suspicious, closed_reported */
                status?: string;
                /** @description 0..100, not above maxScore */
                minScore?: number | null;
                /** @description 0..100, not below minScore */
                maxScore?: number | null;
                /** @description Cases created at or after; not after endDate */
                startDate?: string;
                /** @description Cases created at or before; not before startDate */
                endDate?: string;
                /** @description Cases whose current assignee is this actor id. "My cases": assignedTo=<your actorId> */
                assignedTo?: string;
                /** @description true: cases with no assignee */
                unassigned?: "true" | "false";
                /** @description true: open cases past their due date */
                overdue?: "true" | "false";
                /** @description Cases that carry this tag */
                tag?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cases */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["FraudCase"][];
                        total: number;
                        limit: number;
                        offset: number;
                        hasMore: boolean;
                        /** @example Advisory only: fraud signals are deterministic, rule-based indicators, not findings of fraud. They never block transactions or trigger automated decisions; a human must review the evidence before any action. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createFraudCase: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FraudCaseCreateRequest"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        case: components["schemas"]["FraudCase"];
                        /** @example Advisory only: fraud signals are deterministic, rule-based indicators, not findings of fraud. They never block transactions or trigger automated decisions; a human must review the evidence before any action. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFraudCaseStats: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Statistics */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        stats: components["schemas"]["FraudCaseStats"];
                        /** @example Advisory only: fraud signals are deterministic, rule-based indicators, not findings of fraud. They never block transactions or trigger automated decisions; a human must review the evidence before any action. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFraudCase: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The case */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        case: components["schemas"]["FraudCaseWithEvents"];
                        /** @example Advisory only: fraud signals are deterministic, rule-based indicators, not findings of fraud. They never block transactions or trigger automated decisions; a human must review the evidence before any action. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFraudCaseEvents: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** Format: uuid */
                        caseId: string;
                        data: components["schemas"]["FraudCaseEvent"][];
                        total: number;
                        limit: number;
                        offset: number;
                        hasMore: boolean;
                        /** @example Advisory only: fraud signals are deterministic, rule-based indicators, not findings of fraud. They never block transactions or trigger automated decisions; a human must review the evidence before any action. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addFraudCaseEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FraudCaseEventRequest"];
            };
        };
        responses: {
            /** @description The appended event */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        event: components["schemas"]["FraudCaseEvent"];
                        /** @example Advisory only: fraud signals are deterministic, rule-based indicators, not findings of fraud. They never block transactions or trigger automated decisions; a human must review the evidence before any action. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changeFraudCaseStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FraudCaseStatusRequest"];
            };
        };
        responses: {
            /** @description The status_changed event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        event: components["schemas"]["FraudCaseEvent"];
                        /** @example Advisory only: fraud signals are deterministic, rule-based indicators, not findings of fraud. They never block transactions or trigger automated decisions; a human must review the evidence before any action. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addFraudCaseNote: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FraudCaseNoteRequest"];
            };
        };
        responses: {
            /** @description The note_added event */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        event: components["schemas"]["FraudCaseEvent"];
                        /** @example Advisory only: fraud signals are deterministic, rule-based indicators, not findings of fraud. They never block transactions or trigger automated decisions; a human must review the evidence before any action. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AssignFraudCase: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CaseAssignmentRequest"];
            };
        };
        responses: {
            /** @description The case and the appended events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        case: components["schemas"]["FraudCase"];
                        events: components["schemas"]["FraudCaseEvent"][];
                        /** @example Advisory only: fraud signals are deterministic, rule-based indicators, not findings of fraud. They never block transactions or trigger automated decisions; a human must review the evidence before any action. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    TagFraudCase: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CaseTagsRequest"];
            };
        };
        responses: {
            /** @description The case and the appended events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        case: components["schemas"]["FraudCase"];
                        events: components["schemas"]["FraudCaseEvent"][];
                        /** @example Advisory only: fraud signals are deterministic, rule-based indicators, not findings of fraud. They never block transactions or trigger automated decisions; a human must review the evidence before any action. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ConfirmFraudCaseClose: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CaseCloseDecisionRequest"];
            };
        };
        responses: {
            /** @description The case and the appended events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        case: components["schemas"]["FraudCase"];
                        events: components["schemas"]["FraudCaseEvent"][];
                        /** @example Advisory only: fraud signals are deterministic, rule-based indicators, not findings of fraud. They never block transactions or trigger automated decisions; a human must review the evidence before any action. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    RejectFraudCaseClose: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CaseCloseDecisionRequest"];
            };
        };
        responses: {
            /** @description The case and the appended events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        case: components["schemas"]["FraudCase"];
                        events: components["schemas"]["FraudCaseEvent"][];
                        /** @example Advisory only: fraud signals are deterministic, rule-based indicators, not findings of fraud. They never block transactions or trigger automated decisions; a human must review the evidence before any action. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    verifyFraudCase: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Verification */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FraudCaseVerification"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFraudCaseSnoozes: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Snoozes of the case */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseSnoozeList"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    snoozeFraudCaseRule: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CaseSnoozeRequest"];
            };
        };
        responses: {
            /** @description The snooze and the case-log entry that records it */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        snooze: components["schemas"]["CaseSnooze"];
                        event: components["schemas"]["FraudCaseEvent"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ingestRecords: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                resource: "customers" | "agents" | "accounts" | "transactions";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomerRecord"][] | components["schemas"]["AgentRecord"][] | components["schemas"]["AccountRecord"][] | components["schemas"]["TransactionRecord"][];
                "application/x-ndjson": string;
                "text/csv": string;
            };
        };
        responses: {
            /** @description Written records and the skipped ones */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestResult"];
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    syncCoreBanking: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                connectorType: "core_banking";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sync finished (status succeeded or failed) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        syncStatus: components["schemas"]["SyncStatus"];
                    };
                };
            };
            /** @description The sync continues in the background (status running) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        syncStatus: components["schemas"]["SyncStatus"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSyncRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        syncStatus: components["schemas"]["SyncStatus"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    evaluateAml: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    entityType: "customer" | "account" | "agent" | "merchant" | "counterparty";
                    entityId: string;
                    /** @default 30 */
                    windowDays?: number;
                    ruleIds?: ("AML-LCT-001" | "AML-STR-002" | "AML-RMF-003" | "AML-VEL-004" | "AML-DOR-005" | "AML-GEO-006" | "AML-RND-007" | "AML-FIN-008" | "AML-FOUT-009" | "AML-XBR-010" | "AML-BIZ-011")[];
                    /** @default false */
                    dryRun?: boolean;
                    highRiskCountries?: string[];
                    /**
                     * @description live (default) or draft: the tenant's AML draft, evaluated as a dry run whatever dryRun says (no case, nothing stored); 400 when there is no draft
                     * @default live
                     * @enum {string}
                     */
                    ruleSet?: "live" | "draft";
                };
            };
        };
        responses: {
            /** @description Evaluation result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        result: components["schemas"]["AmlEvaluationResult"];
                        /** @example Advisory only. These AML trigger rules are deterministic indicators for human review; they perform no identity verification, document validation or sanctions screening, make no automated decision and block no transaction. Filing a report is the decision of the institution's AML reporting officer. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAmlRules: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rule catalog */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        rules: components["schemas"]["AmlRule"][];
                        totalEnabled: number;
                        allRuleIds: string[];
                        /** @description Live AML rule-set version (0: defaults) */
                        ruleSetVersion: number;
                        /** @description sha256 of that version's content */
                        ruleSetHash: string;
                        /** @example Advisory only. These AML trigger rules are deterministic indicators for human review; they perform no identity verification, document validation or sanctions screening, make no automated decision and block no transaction. Filing a report is the decision of the institution's AML reporting officer. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAmlThresholds: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Thresholds */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AmlThresholds"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putAmlThresholds: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Replaces the tenant's overrides ({} restores defaults)
                     * @example {
                     *       "largeCashAmount": 20000
                     *     }
                     */
                    thresholds: {
                        /** @description A single cash transaction at or above this amount is large (FIC CTR) (money, at most 2 fraction digits; default 50000) */
                        largeCashAmount?: number;
                        /** @description Width of the band just below largeCashAmount (percent; default 10) */
                        structuringBandPercent?: number;
                        /** @description Cash credits in the band needed within structuringWindowDays (count; default 3) */
                        structuringMinCount?: number;
                        /** @description Sliding window for structuring (days; default 7) */
                        structuringWindowDays?: number;
                        /** @description Credits in a day at or above this are checked for pass-through (money, at most 2 fraction digits; default 20000) */
                        rapidMovementMinAmount?: number;
                        /** @description Share of a day's credits debited within rapidMovementDays (percent; default 80) */
                        rapidMovementPercent?: number;
                        /** @description Days (the credit's day included) in which funds move on (days; default 2) */
                        rapidMovementDays?: number;
                        /** @description Transactions within velocityWindowHours that are high velocity (count; default 25) */
                        velocityMaxCount?: number;
                        /** @description Sliding window for velocity (hours; default 24) */
                        velocityWindowHours?: number;
                        /** @description Days without activity after which an entity is dormant (days; default 180) */
                        dormancyDays?: number;
                        /** @description Volume after reactivation that raises the rule (money, at most 2 fraction digits; default 10000) */
                        dormantReactivationAmount?: number;
                        /** @description Volume with high-risk countries that raises the rule (0: any) (money, at most 2 fraction digits; default 0) */
                        highRiskGeographyMinAmount?: number;
                        /** @description An amount that is a whole multiple of this is round (money, at most 2 fraction digits; default 1000) */
                        roundAmountUnit?: number;
                        /** @description Round-amount transactions needed (count; default 5) */
                        roundAmountMinCount?: number;
                        /** @description Share of transactions >= roundAmountUnit that are round (percent; default 50) */
                        roundAmountMinSharePercent?: number;
                        /** @description Distinct senders that make a fan-in (count; default 20) */
                        fanInMinCounterparties?: number;
                        /** @description Distinct receivers that make a fan-out (count; default 20) */
                        fanOutMinCounterparties?: number;
                        /** @description Volume over those counterparties needed for fan-in/fan-out (money, at most 2 fraction digits; default 20000) */
                        fanMinAmount?: number;
                        /** @description A cross-border transfer exceeding this is reported (FIC ECTR, ~USD 1,000) (money, at most 2 fraction digits; default 12000) */
                        crossBorderAmount?: number;
                        /** @description Cash share of volume expected at most for a non-cash business (percent; default 50) */
                        cashShareMaxPercent?: number;
                        /** @description Cash share expected at most for a cash-intensive business (percent; default 90) */
                        cashIntensiveShareMaxPercent?: number;
                        /** @description Cash volume below which cash share is not assessed (money, at most 2 fraction digits; default 20000) */
                        cashActivityMinAmount?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Effective thresholds after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AmlThresholds"];
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAmlCases: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
                /** @description Status, or comma-separated statuses: open, under_investigation, pending_information, escalated, closed_false_positive, closed_no_action, closed_reported */
                status?: string;
                entityType?: "customer" | "account" | "agent" | "merchant" | "counterparty";
                entityId?: string;
                ruleId?: string;
                /** @description Cases whose current assignee is this actor id. "My cases": assignedTo=<your actorId> */
                assignedTo?: string;
                /** @description true: cases with no assignee */
                unassigned?: "true" | "false";
                /** @description true: open cases past their due date */
                overdue?: "true" | "false";
                /** @description Cases that carry this tag */
                tag?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description AML cases */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["AmlCase"][];
                        pagination: components["schemas"]["Pagination"];
                        /** @example Advisory only. These AML trigger rules are deterministic indicators for human review; they perform no identity verification, document validation or sanctions screening, make no automated decision and block no transaction. Filing a report is the decision of the institution's AML reporting officer. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAmlCaseTransitions: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Transitions and status details */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        transitions: {
                            [key: string]: ("open" | "under_investigation" | "pending_information" | "escalated" | "closed_false_positive" | "closed_no_action" | "closed_reported")[];
                        };
                        statusDetails: {
                            /** @enum {string} */
                            status: "open" | "under_investigation" | "pending_information" | "escalated" | "closed_false_positive" | "closed_no_action" | "closed_reported";
                            label: string;
                            isTerminal: boolean;
                            validTransitions: ("open" | "under_investigation" | "pending_information" | "escalated" | "closed_false_positive" | "closed_no_action" | "closed_reported")[];
                        }[];
                        /** @example Advisory only. These AML trigger rules are deterministic indicators for human review; they perform no identity verification, document validation or sanctions screening, make no automated decision and block no transaction. Filing a report is the decision of the institution's AML reporting officer. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAmlCase: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The case */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        case: components["schemas"]["AmlCase"] & {
                            history: components["schemas"]["AmlCaseHistoryEntry"][];
                            /** @description The history's hash chain recomputes from genesis and its head matches its anchor */
                            chainValid: boolean;
                            /** @description Whether the history's head matches the anchor the service keyed with a Worker secret: false when the history was rewritten, truncated or extended outside the service (even with every hash recomputed); null for cases written before anchoring existed */
                            anchorValid: boolean | null;
                        };
                        /** @example Advisory only. These AML trigger rules are deterministic indicators for human review; they perform no identity verification, document validation or sanctions screening, make no automated decision and block no transaction. Filing a report is the decision of the institution's AML reporting officer. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    transitionAmlCase: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    toStatus: "open" | "under_investigation" | "pending_information" | "escalated" | "closed_false_positive" | "closed_no_action" | "closed_reported";
                    actorId: string;
                    actorName?: string;
                    note?: string;
                    outcome?: components["schemas"]["CaseOutcome"] & unknown;
                };
            };
        };
        responses: {
            /** @description The case and the appended history entry */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        case: components["schemas"]["AmlCase"];
                        event: components["schemas"]["AmlCaseHistoryEntry"];
                        /** @example Advisory only. These AML trigger rules are deterministic indicators for human review; they perform no identity verification, document validation or sanctions screening, make no automated decision and block no transaction. Filing a report is the decision of the institution's AML reporting officer. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AssignAmlCase: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CaseAssignmentRequest"];
            };
        };
        responses: {
            /** @description The case and the appended history entries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        case: components["schemas"]["AmlCase"];
                        events: components["schemas"]["AmlCaseHistoryEntry"][];
                        /** @example Advisory only. These AML trigger rules are deterministic indicators for human review; they perform no identity verification, document validation or sanctions screening, make no automated decision and block no transaction. Filing a report is the decision of the institution's AML reporting officer. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AddAmlCaseNote: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CaseNoteRequest"];
            };
        };
        responses: {
            /** @description The case and the appended history entries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        case: components["schemas"]["AmlCase"];
                        events: components["schemas"]["AmlCaseHistoryEntry"][];
                        /** @example Advisory only. These AML trigger rules are deterministic indicators for human review; they perform no identity verification, document validation or sanctions screening, make no automated decision and block no transaction. Filing a report is the decision of the institution's AML reporting officer. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    TagAmlCase: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CaseTagsRequest"];
            };
        };
        responses: {
            /** @description The case and the appended history entries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        case: components["schemas"]["AmlCase"];
                        events: components["schemas"]["AmlCaseHistoryEntry"][];
                        /** @example Advisory only. These AML trigger rules are deterministic indicators for human review; they perform no identity verification, document validation or sanctions screening, make no automated decision and block no transaction. Filing a report is the decision of the institution's AML reporting officer. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ConfirmAmlCaseClose: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CaseCloseDecisionRequest"];
            };
        };
        responses: {
            /** @description The case and the appended history entries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        case: components["schemas"]["AmlCase"];
                        events: components["schemas"]["AmlCaseHistoryEntry"][];
                        /** @example Advisory only. These AML trigger rules are deterministic indicators for human review; they perform no identity verification, document validation or sanctions screening, make no automated decision and block no transaction. Filing a report is the decision of the institution's AML reporting officer. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    RejectAmlCaseClose: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CaseCloseDecisionRequest"];
            };
        };
        responses: {
            /** @description The case and the appended history entries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        case: components["schemas"]["AmlCase"];
                        events: components["schemas"]["AmlCaseHistoryEntry"][];
                        /** @example Advisory only. These AML trigger rules are deterministic indicators for human review; they perform no identity verification, document validation or sanctions screening, make no automated decision and block no transaction. Filing a report is the decision of the institution's AML reporting officer. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAmlCaseSnoozes: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Snoozes of the case */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseSnoozeList"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    snoozeAmlCaseRule: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CaseSnoozeRequest"];
            };
        };
        responses: {
            /** @description The snooze and the case-log entry that records it */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        snooze: components["schemas"]["CaseSnooze"];
                        event: components["schemas"]["AmlCaseHistoryEntry"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    backtestAmlRules: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default customer
                     * @enum {string}
                     */
                    entityType?: "customer" | "account" | "agent" | "merchant" | "counterparty";
                    /** @default 30 */
                    windowDays?: number;
                    ruleIds?: ("AML-LCT-001" | "AML-STR-002" | "AML-RMF-003" | "AML-VEL-004" | "AML-DOR-005" | "AML-GEO-006" | "AML-RND-007" | "AML-FIN-008" | "AML-FOUT-009" | "AML-XBR-010" | "AML-BIZ-011")[];
                    /**
                     * @description Values to try, over the current ones
                     * @example {
                     *       "largeCashAmount": 20000
                     *     }
                     */
                    thresholds?: {
                        /** @description A single cash transaction at or above this amount is large (FIC CTR) (money, at most 2 fraction digits; default 50000) */
                        largeCashAmount?: number;
                        /** @description Width of the band just below largeCashAmount (percent; default 10) */
                        structuringBandPercent?: number;
                        /** @description Cash credits in the band needed within structuringWindowDays (count; default 3) */
                        structuringMinCount?: number;
                        /** @description Sliding window for structuring (days; default 7) */
                        structuringWindowDays?: number;
                        /** @description Credits in a day at or above this are checked for pass-through (money, at most 2 fraction digits; default 20000) */
                        rapidMovementMinAmount?: number;
                        /** @description Share of a day's credits debited within rapidMovementDays (percent; default 80) */
                        rapidMovementPercent?: number;
                        /** @description Days (the credit's day included) in which funds move on (days; default 2) */
                        rapidMovementDays?: number;
                        /** @description Transactions within velocityWindowHours that are high velocity (count; default 25) */
                        velocityMaxCount?: number;
                        /** @description Sliding window for velocity (hours; default 24) */
                        velocityWindowHours?: number;
                        /** @description Days without activity after which an entity is dormant (days; default 180) */
                        dormancyDays?: number;
                        /** @description Volume after reactivation that raises the rule (money, at most 2 fraction digits; default 10000) */
                        dormantReactivationAmount?: number;
                        /** @description Volume with high-risk countries that raises the rule (0: any) (money, at most 2 fraction digits; default 0) */
                        highRiskGeographyMinAmount?: number;
                        /** @description An amount that is a whole multiple of this is round (money, at most 2 fraction digits; default 1000) */
                        roundAmountUnit?: number;
                        /** @description Round-amount transactions needed (count; default 5) */
                        roundAmountMinCount?: number;
                        /** @description Share of transactions >= roundAmountUnit that are round (percent; default 50) */
                        roundAmountMinSharePercent?: number;
                        /** @description Distinct senders that make a fan-in (count; default 20) */
                        fanInMinCounterparties?: number;
                        /** @description Distinct receivers that make a fan-out (count; default 20) */
                        fanOutMinCounterparties?: number;
                        /** @description Volume over those counterparties needed for fan-in/fan-out (money, at most 2 fraction digits; default 20000) */
                        fanMinAmount?: number;
                        /** @description A cross-border transfer exceeding this is reported (FIC ECTR, ~USD 1,000) (money, at most 2 fraction digits; default 12000) */
                        crossBorderAmount?: number;
                        /** @description Cash share of volume expected at most for a non-cash business (percent; default 50) */
                        cashShareMaxPercent?: number;
                        /** @description Cash share expected at most for a cash-intensive business (percent; default 90) */
                        cashIntensiveShareMaxPercent?: number;
                        /** @description Cash volume below which cash share is not assessed (money, at most 2 fraction digits; default 20000) */
                        cashActivityMinAmount?: number;
                    };
                    highRiskCountries?: string[];
                    /** @default 20 */
                    top?: number;
                    /**
                     * @description Queue the run (202) and read it from GET /v1/kyc-aml/backtests/{backtestId}
                     * @default false
                     */
                    async?: boolean;
                };
            };
        };
        responses: {
            /** @description Hits per rule, the difference, top entities */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        backtest: components["schemas"]["AmlBacktest"];
                        /** @example Advisory only. These AML trigger rules are deterministic indicators for human review; they perform no identity verification, document validation or sanctions screening, make no automated decision and block no transaction. Filing a report is the decision of the institution's AML reporting officer. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Queued on the jobs queue */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** Format: uuid */
                        backtestId: string;
                        /** @enum {string} */
                        status: "queued";
                        /**
                         * Format: date-time
                         * @example 2026-01-31T00:00:00.000Z
                         */
                        createdAt: string;
                        /** @example Advisory only. These AML trigger rules are deterministic indicators for human review; they perform no identity verification, document validation or sanctions screening, make no automated decision and block no transaction. Filing a report is the decision of the institution's AML reporting officer. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAmlBacktest: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                backtestId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The backtest run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** Format: uuid */
                        backtestId: string;
                        /** @enum {string} */
                        status: "queued" | "succeeded" | "failed";
                        /**
                         * Format: date-time
                         * @example 2026-01-31T00:00:00.000Z
                         */
                        createdAt: string;
                        /**
                         * Format: date-time
                         * @example 2026-01-31T00:00:00.000Z
                         */
                        completedAt: string | null;
                        backtest?: components["schemas"]["AmlBacktest"] & unknown;
                        error: string | null;
                        /** @example Advisory only. These AML trigger rules are deterministic indicators for human review; they perform no identity verification, document validation or sanctions screening, make no automated decision and block no transaction. Filing a report is the decision of the institution's AML reporting officer. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFraudRuleSet: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rule set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuleSetResponse"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAmlRuleSet: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rule set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuleSetResponse"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFraudRuleSetDraft: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The draft */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        draft: components["schemas"]["RuleSetDraft"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putFraudRuleSetDraft: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RuleSetContentInput"];
            };
        };
        responses: {
            /** @description The saved draft, completed with defaults */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        draft: components["schemas"]["RuleSetDraft"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteFraudRuleSetDraft: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Discarded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAmlRuleSetDraft: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The draft */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        draft: components["schemas"]["RuleSetDraft"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putAmlRuleSetDraft: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RuleSetContentInput"];
            };
        };
        responses: {
            /** @description The saved draft, completed with defaults */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        draft: components["schemas"]["RuleSetDraft"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteAmlRuleSetDraft: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Discarded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    publishFraudRuleSet: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PublishRuleSetRequest"];
            };
        };
        responses: {
            /** @description The new live version and its log entry */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        version: components["schemas"]["RuleSetVersion"];
                        publication: components["schemas"]["RuleSetPublication"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    publishAmlRuleSet: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PublishRuleSetRequest"];
            };
        };
        responses: {
            /** @description The new live version and its log entry */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        version: components["schemas"]["RuleSetVersion"];
                        publication: components["schemas"]["RuleSetPublication"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rollbackFraudRuleSet: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RollbackRuleSetRequest"];
            };
        };
        responses: {
            /** @description The new live version and its log entry */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        version: components["schemas"]["RuleSetVersion"];
                        publication: components["schemas"]["RuleSetPublication"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rollbackAmlRuleSet: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RollbackRuleSetRequest"];
            };
        };
        responses: {
            /** @description The new live version and its log entry */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        version: components["schemas"]["RuleSetVersion"];
                        publication: components["schemas"]["RuleSetPublication"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFraudRuleSetVersions: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Versions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["RuleSetVersionSummary"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAmlRuleSetVersions: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Versions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["RuleSetVersionSummary"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFraudRuleSetVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                /** @description The tenant's own version number (versions are numbered per tenant) */
                version: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        version: components["schemas"]["RuleSetVersion"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAmlRuleSetVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                /** @description The tenant's own version number (versions are numbered per tenant) */
                version: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        version: components["schemas"]["RuleSetVersion"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFraudRuleSetPublications: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Publications */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["RuleSetPublication"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAmlRuleSetPublications: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Publications */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["RuleSetPublication"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    backtestFraudRuleSetDraft: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RuleSetBacktestRequest"];
            };
        };
        responses: {
            /** @description The finished run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuleSetBacktestRun"];
                };
            };
            /** @description Queued on the jobs queue */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuleSetBacktestRun"];
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    backtestAmlRuleSetDraft: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RuleSetBacktestRequest"];
            };
        };
        responses: {
            /** @description The finished run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuleSetBacktestRun"];
                };
            };
            /** @description Queued on the jobs queue */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuleSetBacktestRun"];
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFraudRuleSetBacktest: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                backtestId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The backtest run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuleSetBacktestRun"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAmlRuleSetBacktest: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                backtestId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The backtest run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuleSetBacktestRun"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookSubscriptions: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Subscriptions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["WebhookSubscription"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhookSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookSubscription"];
            };
        };
        responses: {
            /** @description The subscription and its secret */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        subscription: components["schemas"]["WebhookSubscription"];
                        /**
                         * @description whsec_ + base64; shown only in this answer
                         * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
                         */
                        secret: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        subscription: components["schemas"]["WebhookSubscription"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhookSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWebhookSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookSubscription"];
            };
        };
        responses: {
            /** @description The subscription */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        subscription: components["schemas"]["WebhookSubscription"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RotateWebhookSecret"];
            };
        };
        responses: {
            /** @description The new secret (shown only here) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        subscription: components["schemas"]["WebhookSubscription"];
                        /**
                         * @description whsec_ + base64; shown only in this answer
                         * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
                         */
                        secret: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testWebhookSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TestWebhookDelivery"];
            };
        };
        responses: {
            /** @description The test delivery with its attempt (status succeeded or dead) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        delivery: components["schemas"]["WebhookDeliveryDetail"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
                subscriptionId?: string;
                eventType?: "bhi.calculated" | "customer.risk_alert" | "nba.generated" | "workflow.completed" | "workflow.failed" | "fraud.alert_raised" | "fraud.case_opened" | "aml.case_opened" | "monitoring.run_completed" | "goaml.report_generated" | "goaml.report_status_changed" | "goaml.ctr_generated" | "case.sla_breached" | "webhook.test";
                status?: "pending" | "succeeded" | "retrying" | "dead";
                eventId?: string;
                createdAfter?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deliveries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["WebhookDelivery"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        delivery: components["schemas"]["WebhookDeliveryDetail"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replayWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new delivery, queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        delivery: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookEventTypes: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Event types */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["WebhookEventType"][];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSaasMetrics: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Metrics */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SaasMetricsResponse"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSaasMetricsHistory: {
        parameters: {
            query?: {
                /** @description Complete calendar months, 1..24, default 12 */
                months?: number;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description History */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SaasMetricsHistoryResponse"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPortfolioRunway: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Portfolio runway */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortfolioRunwayResponse"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomerRunway: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Runway */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerRunwayResponse"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPortfolioNarrative: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Narrative */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortfolioNarrativeResponse"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getConcentration: {
        parameters: {
            query?: {
                /** @description Complete calendar months, 1..24, default 12 */
                months?: number;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Concentration */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConcentrationResponse"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    simulateWhatIfChurn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WhatIfChurnRequest"];
            };
        };
        responses: {
            /** @description Simulation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WhatIfChurnResponse"];
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    calculateSmeHealth: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SMEHealthCalculateRequest"];
            };
        };
        responses: {
            /** @description The assessment (stored) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SMEHealthResponse"];
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSmeCohortBenchmarks: {
        parameters: {
            query?: {
                /** @description Days of transactions ending now, 7..365 (default 90) */
                windowDays?: number;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cohort benchmarks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CohortBenchmarkList"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSmeHealth: {
        parameters: {
            query?: {
                /** @description Days of transactions ending now, 7..365 (default 90) */
                windowDays?: number;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The assessment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SMEHealthResponse"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    graphql: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GraphQLRequest"];
            };
        };
        responses: {
            /** @description Executed (possibly with field errors and partial data) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphQLResponse"];
                };
            };
            /** @description The GraphQL request was refused (GraphQL `errors`), or the body is not a GraphQL request (error envelope) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphQLResponse"] | components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAgentBenchmarks: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Benchmarks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        benchmarks: {
                            tierBenchmarks: {
                                [key: string]: components["schemas"]["AgentBenchmarkGroup"];
                            };
                            regionalBenchmarks: {
                                [key: string]: components["schemas"]["AgentBenchmarkGroup"];
                            };
                        };
                        /** @example Diagnostic only. The Agent Health Index describes an agent's recent activity, float and cash position from the data available; it is not a performance rating, makes no automated decision and never suspends or restricts an agent. Any action needs human review. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not enabled for this tenant */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAgentPortfolioSummary: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
                tier?: "basic" | "standard" | "premium" | "super";
                region?: string;
                status?: "active" | "inactive" | "suspended" | "pending_verification";
                /** @description 0..100, not above maxAHI */
                minAHI?: number | null;
                /** @description 0..100, not below minAHI */
                maxAHI?: number | null;
                hasCriticalFlags?: "true" | "false";
                sortBy?: "ahiScore" | "floatBalance" | "transactionVolume" | "agentCode";
                sortOrder?: "asc" | "desc";
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Agents */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        agents: components["schemas"]["AgentHealthSummary"][];
                        total: number;
                        limit: number;
                        offset: number;
                        hasMore: boolean;
                        /** @example Diagnostic only. The Agent Health Index describes an agent's recent activity, float and cash position from the data available; it is not a performance rating, makes no automated decision and never suspends or restricts an agent. Any action needs human review. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not enabled for this tenant */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refreshAgentPortfolio: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Refreshed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description Agents whose snapshot was recomputed */
                        refreshed: number;
                        computedAt: string;
                        /** @example Diagnostic only. The Agent Health Index describes an agent's recent activity, float and cash position from the data available; it is not a performance rating, makes no automated decision and never suspends or restricts an agent. Any action needs human review. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @enum {boolean} */
                        queued: true;
                        /** @description Agents the queued refresh covers */
                        agents: number;
                        /** @example Diagnostic only. The Agent Health Index describes an agent's recent activity, float and cash position from the data available; it is not a performance rating, makes no automated decision and never suspends or restricts an agent. Any action needs human review. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not enabled for this tenant */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    calculateAgentHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentHealthCalculateRequest"];
            };
        };
        responses: {
            /** @description The report */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        report: components["schemas"]["AgentHealthReport"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not enabled for this tenant */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAgentHealth: {
        parameters: {
            query?: {
                /** @description 7..90, default 30 */
                windowDays?: number;
                /** @description default true */
                includePeerComparison?: "true" | "false";
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                /** @description The tenant's own agent identifier */
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        report: components["schemas"]["AgentHealthReport"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not enabled for this tenant */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    generateNba: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NBAGenerateRequest"];
            };
        };
        responses: {
            /** @description Recommended actions, highest priority first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NBAGenerateResponse"];
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    generateNbaBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NBABatchRequest"];
            };
        };
        responses: {
            /** @description One result per distinct customer id, in request order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NBABatchResponse"];
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWorkflows: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Workflows */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Workflow"][];
                        total: number;
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWorkflowRuns: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
                workflowId?: "bhi-refresh" | "risk-review" | "monthly-reports";
                status?: components["schemas"]["WorkflowRunStatus"];
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Runs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["WorkflowRun"][];
                        total: number;
                        limit: number;
                        offset: number;
                        hasMore: boolean;
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWorkflowRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        run: components["schemas"]["WorkflowRun"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWorkflow: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A built-in workflow (every tenant has the same set): bhi-refresh, risk-review, monthly-reports. Others: 404 */
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workflow */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        workflow: components["schemas"]["Workflow"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    triggerWorkflow: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description A built-in workflow (every tenant has the same set): bhi-refresh, risk-review, monthly-reports. Others: 404 */
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WorkflowTriggerRequest"];
            };
        };
        responses: {
            /** @description Run queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowTriggerResponse"];
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..10000, default 0; page further back with until */
                offset?: number | null;
                action?: "tenant.created" | "tenant.settings_updated" | "api_key.created" | "api_key.rotated" | "api_key.revoked" | "connector.configured" | "secrets.resealed" | "operator_token.created" | "operator_token.revoked" | "aml.thresholds_updated" | "webhook_subscription.created" | "webhook_subscription.updated" | "webhook_subscription.deleted" | "webhook_secret.rotated" | "list.created" | "list.updated" | "list.archived" | "case.rule_snoozed" | "rule_set.draft_saved" | "rule_set.draft_deleted" | "rule_set.published" | "rule_set.rolled_back" | "monitoring.dead_letters_retried" | "monitoring.settings_updated" | "monitoring.run_started" | "goaml.profile_updated" | "goaml.subject_updated" | "goaml.report_generated" | "goaml.report_status_changed" | "goaml.ctr_generated";
                /** @description Entries at or after this time */
                since?: string;
                /** @description Entries at or before this time */
                until?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Audit entries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditLogPage"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listLists: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
                kind?: "high_risk_countries" | "watchlist" | "allowlist";
                /** @description Also archived lists (default false) */
                includeArchived?: "true" | "false";
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lists */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["TenantList"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createList: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateList"];
            };
        };
        responses: {
            /** @description The list */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        list: components["schemas"]["TenantList"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getList: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                listId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        list: components["schemas"]["TenantList"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                listId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Archived */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                listId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateList"];
            };
        };
        responses: {
            /** @description The list */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        list: components["schemas"]["TenantList"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listListEntries: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
                /** @description Entries whose normalized value starts with this (normalized the same way) */
                prefix?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                listId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Entries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ListEntry"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addListEntries: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                listId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddListEntries"];
            };
        };
        responses: {
            /** @description The entries added, and those the list already held */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        added: components["schemas"]["ListEntry"][];
                        existing: components["schemas"]["ListEntry"][];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeListEntry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                listId: string;
                entryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listListHistory: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                listId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description History rows */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ListHistoryEntry"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMonitoringStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        status: components["schemas"]["MonitoringStatus"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMonitoringDeadLetters: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Dead letters */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["MonitoringDeadLetter"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retryMonitoringDeadLetters: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RetryDeadLettersRequest"];
            };
        };
        responses: {
            /** @description How many were re-queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetryDeadLettersResponse"];
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    screenTransaction: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ScreenTransactionRequest"];
            };
        };
        responses: {
            /** @description The screening */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        screening: components["schemas"]["TransactionScreening"];
                        /** @example Advisory only: fraud signals are deterministic, rule-based indicators, not findings of fraud. They never block transactions or trigger automated decisions; a human must review the evidence before any action. */
                        disclaimer: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMonitoringAlerts: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
                kind?: components["schemas"]["MonitoringAlertKind"];
                /** @description Alerts where this rule fired */
                ruleId?: string;
                ruleSetVersion?: number;
                severity?: components["schemas"]["MonitoringAlertSeverity"];
                entityType?: components["schemas"]["MonitoringEntityType"];
                /** @description Needs entityType (an entity is named by its type and id) */
                entityId?: string;
                /** @description What started the screening that raised the alert */
                trigger?: components["schemas"]["MonitoringTrigger"];
                /** @description Alerts created at or after this time */
                from?: string;
                /** @description Alerts created at or before this time */
                to?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alerts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitoringAlertList"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMonitoringAlert: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                alertId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The alert */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitoringAlertResponse"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMonitoringSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings, defaults filled in */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitoringSettingsResponse"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateMonitoringSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateMonitoringSettingsRequest"];
            };
        };
        responses: {
            /** @description The settings in force after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitoringSettingsResponse"];
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMonitoringRuns: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Runs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitoringRunList"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startMonitoringRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run, started on the queue */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitoringRunResponse"];
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMonitoringRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitoringRunResponse"];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getGoamlProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The profile */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        profile: components["schemas"]["GoamlFiuProfile"];
                        reportingEntity: components["schemas"]["GoamlReportingEntity"] | (never | null);
                        /** @description true: no stored profile, the Ghana default applies */
                        isDefault: boolean;
                        updatedAt: string | null;
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putGoamlProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    profile: components["schemas"]["GoamlFiuProfile"];
                    reportingEntity: components["schemas"]["GoamlReportingEntity"] | (never | null);
                };
            };
        };
        responses: {
            /** @description The stored profile */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        profile: components["schemas"]["GoamlFiuProfile"];
                        reportingEntity: components["schemas"]["GoamlReportingEntity"] | (never | null);
                        /** @description true: no stored profile, the Ghana default applies */
                        isDefault: boolean;
                        updatedAt: string | null;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putGoamlSubject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    subject: components["schemas"]["GoamlKycSubject"];
                };
            };
        };
        responses: {
            /** @description The stored facts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        customerId: string;
                        subject: components["schemas"]["GoamlKycSubject"];
                        updatedAt: string;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAmlCaseReports: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The case's reports */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["GoamlReport"][];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    generateGoamlStr: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The analyst's grounds for suspicion; the case's explanation and evidence follow it in `reason` */
                    narrative: string;
                    action?: string;
                    /** @description KYC facts for this report; absent: the stored ones (PUT /v1/goaml/subjects/{customerId}) */
                    subject?: {
                        /** @enum {string} */
                        gender?: "M" | "F" | "-";
                        title?: string;
                        firstName?: string;
                        middleName?: string;
                        lastName?: string;
                        /**
                         * Format: date
                         * @example 1984-06-12
                         */
                        birthdate?: string;
                        idNumber?: string;
                        /** @example GH */
                        nationality?: string;
                        /** @example GH */
                        residence?: string;
                        occupation?: string;
                        taxRegistered?: boolean;
                        phones?: {
                            contactType: string;
                            communicationType: string;
                            countryPrefix?: string;
                            number: string;
                        }[];
                        addresses?: {
                            addressType: string;
                            address: string;
                            town?: string;
                            city: string;
                            /** @example GH */
                            countryCode: string;
                            state: string;
                        }[];
                        identifications?: {
                            type: string;
                            number: string;
                            /**
                             * Format: date
                             * @example 1984-06-12
                             */
                            issueDate: string;
                            /**
                             * Format: date
                             * @example 1984-06-12
                             */
                            expiryDate: string;
                            issuedBy?: string;
                            /** @example GH */
                            issueCountry: string;
                        }[];
                    };
                    /**
                     * Format: uuid
                     * @description A rejected report of this case: the new one carries its FIU reference as prev_rejected_ref_number
                     */
                    resubmissionOf?: string;
                    actorId: string;
                    actorName?: string;
                };
            };
        };
        responses: {
            /** @description The stored draft report */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        report: components["schemas"]["GoamlReportDetail"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getGoamlReport: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                reportId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        report: components["schemas"]["GoamlReportDetail"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getGoamlReportXml: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                reportId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The goAML XML */
            200: {
                headers: {
                    /** @description attachment; filename=goaml-...xml */
                    "Content-Disposition": string;
                    "X-Content-SHA256": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setGoamlReportStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                reportId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "submitted" | "accepted" | "rejected";
                    /** @description The FIU's reference for the filing; required with `submitted` */
                    fiuRefNumber?: string;
                    note?: string;
                    actorId: string;
                    actorName?: string;
                };
            };
        };
        responses: {
            /** @description The report after the step */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        report: components["schemas"]["GoamlReportDetail"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listGoamlCtrReports: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of CTRs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["GoamlReport"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listGoamlCtrRuns: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
            };
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of runs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["GoamlCtrRun"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    runGoamlCtr: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date */
                    day: string;
                };
            };
        };
        responses: {
            /** @description The day's run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        run: components["schemas"]["GoamlCtrRun"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFraudCaseFiles: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The files */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["CaseFile"][];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadFraudCaseFile: {
        parameters: {
            query: {
                /** @description The file's name; stored sanitised (last path segment, A-Z a-z 0-9 . _ - only, at most 120 characters) */
                filename: string;
                description?: string;
                /** @description The analyst uploading */
                actorId: string;
                actorName?: string;
            };
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        /** @description The file's bytes (at most 10485760 bytes); Content-Type one of application/pdf, image/png, image/jpeg, text/csv, text/plain */
        requestBody: {
            content: {
                "application/pdf": string;
                "image/png": string;
                "image/jpeg": string;
                "text/csv": string;
                "text/plain": string;
            };
        };
        responses: {
            /** @description The stored file */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        file: components["schemas"]["CaseFile"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    downloadFraudCaseFile: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                caseId: string;
                fileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file's bytes, with its stored content type */
            200: {
                headers: {
                    /** @description attachment; filename="<sanitised name>" */
                    "Content-Disposition": string;
                    "X-Content-SHA256": string;
                    /** @description nosniff */
                    "X-Content-Type-Options": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "image/png": string;
                    "image/jpeg": string;
                    "text/csv": string;
                    "text/plain": string;
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAmlCaseFiles: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The files */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["CaseFile"][];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadAmlCaseFile: {
        parameters: {
            query: {
                /** @description The file's name; stored sanitised (last path segment, A-Z a-z 0-9 . _ - only, at most 120 characters) */
                filename: string;
                description?: string;
                /** @description The analyst uploading */
                actorId: string;
                actorName?: string;
            };
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                caseId: string;
            };
            cookie?: never;
        };
        /** @description The file's bytes (at most 10485760 bytes); Content-Type one of application/pdf, image/png, image/jpeg, text/csv, text/plain */
        requestBody: {
            content: {
                "application/pdf": string;
                "image/png": string;
                "image/jpeg": string;
                "text/csv": string;
                "text/plain": string;
            };
        };
        responses: {
            /** @description The stored file */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        file: components["schemas"]["CaseFile"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    downloadAmlCaseFile: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: 304 with no body when the representation is unchanged */
                "If-None-Match"?: string;
            };
            path: {
                caseId: string;
                fileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file's bytes, with its stored content type */
            200: {
                headers: {
                    /** @description attachment; filename="<sanitised name>" */
                    "Content-Disposition": string;
                    "X-Content-SHA256": string;
                    /** @description nosniff */
                    "X-Content-Type-Options": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "image/png": string;
                    "image/jpeg": string;
                    "text/csv": string;
                    "text/plain": string;
                };
            };
            /** @description Not modified: the If-None-Match ETag is current (no body) */
            304: {
                headers: {
                    /** @description The representation's ETag */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminListTenants: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Tenants */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Tenant"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminCreateTenant: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTenantRequest"];
            };
        };
        responses: {
            /** @description Tenant created; the key is shown only here */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        tenant: components["schemas"]["Tenant"];
                        apiKey: components["schemas"]["NewApiKey"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminGetTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        tenant: components["schemas"]["Tenant"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminUpdateTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTenantRequest"];
            };
        };
        responses: {
            /** @description Updated tenant */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        tenant: components["schemas"]["Tenant"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminListKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Keys */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ApiKey"][];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminCreateKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                tenantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateKeyRequest"];
            };
        };
        responses: {
            /** @description Key created; shown only here */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        apiKey: components["schemas"]["NewApiKey"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminRotateKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path: {
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RotateKeyRequest"];
            };
        };
        responses: {
            /** @description The new key (shown only here) and when the old one stops working */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        apiKey: components["schemas"]["NewApiKey"];
                        previous: {
                            /** Format: uuid */
                            id: string;
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminRevokeKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminConfigureCoreBankingConnector: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectorConfigRequest"];
            };
        };
        responses: {
            /** @description Stored; secrets never returned */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        connector: components["schemas"]["Connector"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminResealSecrets: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every stored secret is now sealed with the first key; case anchors as reported */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResealSecretsResult"];
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminListOperatorTokens: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..1e9, default 0 */
                offset?: number | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Operator tokens */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["OperatorToken"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminCreateOperatorToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and the same request within 24 h return the first answer (status, body, Content-Type, Location, ETag) with `Idempotent-Replayed: true`, without doing the work again; the same key with a different method, path or body is 422 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use`. 5xx answers are not kept. Scoped to the API key's tenant (operator routes: the operator). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOperatorTokenRequest"];
            };
        };
        responses: {
            /** @description Token created; shown only here */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        operatorToken: components["schemas"]["NewOperatorToken"];
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state, or `idempotency_key_in_use`: a request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body over 1 MiB (or over a per-operation record limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key was used within 24 h for a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminRevokeOperatorToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    adminListAuditLog: {
        parameters: {
            query?: {
                /** @description 1..500, default 50 */
                limit?: number;
                /** @description 0..10000, default 0; page further back with until */
                offset?: number | null;
                action?: "tenant.created" | "tenant.settings_updated" | "api_key.created" | "api_key.rotated" | "api_key.revoked" | "connector.configured" | "secrets.resealed" | "operator_token.created" | "operator_token.revoked" | "aml.thresholds_updated" | "webhook_subscription.created" | "webhook_subscription.updated" | "webhook_subscription.deleted" | "webhook_secret.rotated" | "list.created" | "list.updated" | "list.archived" | "case.rule_snoozed" | "rule_set.draft_saved" | "rule_set.draft_deleted" | "rule_set.published" | "rule_set.rolled_back" | "monitoring.dead_letters_retried" | "monitoring.settings_updated" | "monitoring.run_started" | "goaml.profile_updated" | "goaml.subject_updated" | "goaml.report_generated" | "goaml.report_status_changed" | "goaml.ctr_generated";
                /** @description Entries at or after this time */
                since?: string;
                /** @description Entries at or before this time */
                until?: string;
                tenantId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Audit entries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditLogPage"];
                };
            };
            /** @description Invalid input (one `details` entry per bad field), malformed JSON or a refused transition */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, revoked or expired credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key lacks the scope this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (another tenant's objects are indistinguishable from absent ones) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per client address before authentication, then per API key); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Per-key requests a minute (also on every authenticated /v1 answer) */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (no internals are returned) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
