-- Insights (SaaS metrics, runway, concentration, what-if churn) read inflow and net flow per
-- customer and month over up to 25 months of transactions. This covering index lets those
-- GROUP BY customer, month statements read the index alone (no lookup into the wide
-- transaction rows) in customer order. Measured with bench/insights-scale.mjs; see
-- docs/methodology/insights.md. Its leading columns are those of transactions_customer_idx.
CREATE INDEX IF NOT EXISTS transactions_flow_idx
  ON transactions (tenant_id, customer_id, transaction_date, type, status, amount_minor);
