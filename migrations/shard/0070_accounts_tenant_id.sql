-- Accounts walked in key order within a tenant: the peer statistics' refresh pages
-- (src/modules/data/peers/repo.ts featurePage; docs/methodology/peers.md#cost). As
-- customers_tenant_id_uq (0011) does for customers: without it a page either walks every
-- tenant's accounts by id or sorts the tenant's accounts.
CREATE UNIQUE INDEX accounts_tenant_id_uq ON accounts (tenant_id, id);
