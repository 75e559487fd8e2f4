-- Text about another customer (docs/decisions/offboarding-and-erasure.md#text-about-another-customer):
-- a sealed note is searched for other customers' e-mails, full names and phones. These indexes hold
-- the folded forms that search compares (src/modules/data/repo.ts, the same expressions token for
-- token), so each candidate the text offers is one index probe instead of a read of every customer.
CREATE INDEX customers_email_folded_idx ON customers (tenant_id, lower(email));
CREATE INDEX customers_name_folded_idx ON customers (tenant_id, lower(trim(name)));
CREATE INDEX customers_phone_tail_idx ON customers (
  tenant_id,
  substr(replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', ''), -9)
);
