-- The customer search index, scoped by tenant inside the full-text match (docs/decisions/foundation.md,
-- "Customer search index"). The trigram index of 0001 spanned every tenant of the shard: a
-- search MATCHed other tenants' rows and only the join on tenant_id dropped them.
--
-- Each tenant of the shard gets a tag of three characters from Unicode's supplementary private
-- use area (U+F0000 + 16 bits of a per-shard sequence each): one trigram, so one posting list
-- holding exactly that tenant's rows. A search is `tenant_tag : "<tag>" AND {name email} : "<text>"`,
-- so the match itself yields only the tenant's rows. Tags never leave SQL.
DROP TRIGGER IF EXISTS customers_search_ai;
DROP TRIGGER IF EXISTS customers_search_ad;
DROP TRIGGER IF EXISTS customers_search_au;
DROP TABLE IF EXISTS customers_search;

CREATE TABLE customer_search_tenants (
  seq INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL UNIQUE
);
INSERT INTO customer_search_tenants (tenant_id) SELECT DISTINCT tenant_id FROM customers ORDER BY tenant_id;

CREATE VIEW customer_search_tags AS
SELECT
  tenant_id,
  char(983040 + (seq >> 32 & 65535), 983040 + (seq >> 16 & 65535), 983040 + (seq & 65535)) AS tag
FROM customer_search_tenants;

-- The index's content: customers with their tenant's tag ('rebuild' and integrity checks read it).
CREATE VIEW customer_search_source AS
SELECT c.rowid AS customer_rowid, c.name AS name, coalesce(c.email, '') AS email, t.tag AS tenant_tag
FROM customers c JOIN customer_search_tags t ON t.tenant_id = c.tenant_id;

CREATE VIRTUAL TABLE customers_search USING fts5 (
  name, email, tenant_tag,
  content = 'customer_search_source', content_rowid = 'customer_rowid', tokenize = 'trigram'
);

CREATE TRIGGER customers_search_ai AFTER INSERT ON customers BEGIN
  -- Not INSERT OR IGNORE: an outer upsert's conflict policy would override it (ingest upserts).
  INSERT INTO customer_search_tenants (tenant_id)
  SELECT new.tenant_id WHERE NOT EXISTS (SELECT 1 FROM customer_search_tenants WHERE tenant_id = new.tenant_id);
  INSERT INTO customers_search (rowid, name, email, tenant_tag)
  VALUES (new.rowid, new.name, coalesce(new.email, ''), (SELECT tag FROM customer_search_tags WHERE tenant_id = new.tenant_id));
END;
CREATE TRIGGER customers_search_ad AFTER DELETE ON customers BEGIN
  INSERT INTO customers_search (customers_search, rowid, name, email, tenant_tag)
  VALUES ('delete', old.rowid, old.name, coalesce(old.email, ''), (SELECT tag FROM customer_search_tags WHERE tenant_id = old.tenant_id));
END;
CREATE TRIGGER customers_search_au AFTER UPDATE OF name, email, tenant_id ON customers BEGIN
  INSERT INTO customers_search (customers_search, rowid, name, email, tenant_tag)
  VALUES ('delete', old.rowid, old.name, coalesce(old.email, ''), (SELECT tag FROM customer_search_tags WHERE tenant_id = old.tenant_id));
  -- Not INSERT OR IGNORE: an outer upsert's conflict policy would override it (ingest upserts).
  INSERT INTO customer_search_tenants (tenant_id)
  SELECT new.tenant_id WHERE NOT EXISTS (SELECT 1 FROM customer_search_tenants WHERE tenant_id = new.tenant_id);
  INSERT INTO customers_search (rowid, name, email, tenant_tag)
  VALUES (new.rowid, new.name, coalesce(new.email, ''), (SELECT tag FROM customer_search_tags WHERE tenant_id = new.tenant_id));
END;

INSERT INTO customers_search (customers_search) VALUES ('rebuild');
