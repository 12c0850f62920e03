-- Replicas cache public API answers per owner (docs/decisions/012-conditional-requests-and-response-cache.md).
-- Every statement that changes fulfillment data tells every replica whose data it changed, through
-- NOTIFY owner_data_changed with one payload per owner: 'seller:<users.id>' or 'warehouse:<warehouses.id>'
-- (the owners a public request reads as, repositories/fulfillment/owner.ts), or '*' for everything
-- (TRUNCATE). Statement-level triggers with transition tables: a bulk insert of a million orders sends one
-- notification per distinct owner, not one per row. PostgreSQL drops duplicate payloads within a
-- transaction, and delivers them only when it commits.
--
-- Besides the changed rows' own owners, a change reaches every owner whose answers embed the row:
--   warehouses: the sellers that work with it (seller warehouse list and detail);
--   quotations: the imports that carry it (both owners of the import);
--   products: the orders and returns whose lines name it (their product name, SKU, EAN/UPC, ASIN);
--   order_items / return_items: the owners of their order or return.

CREATE INDEX order_items_product ON order_items (product_id);
CREATE INDEX return_items_product ON return_items (product_id);
CREATE INDEX seller_warehouses_warehouse ON seller_warehouses (warehouse_id);

CREATE FUNCTION notify_owner_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- One SELECT of owner keys from a transition table named by %1$I.
  owners_sql text;
  source text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('owner_data_changed', '*');
    RETURN NULL;
  END IF;
  owners_sql := CASE TG_TABLE_NAME
    WHEN 'seller_warehouses' THEN
      $q$SELECT 'seller:' || r.seller_id FROM %1$I r$q$
    WHEN 'warehouses' THEN
      $q$SELECT 'seller:' || sw.seller_id FROM %1$I r JOIN seller_warehouses sw ON sw.warehouse_id = r.id
         UNION SELECT 'warehouse:' || r.id FROM %1$I r$q$
    WHEN 'order_items' THEN
      $q$SELECT unnest(ARRAY['seller:' || o.seller_id, 'warehouse:' || o.warehouse_id])
           FROM %1$I r JOIN normal_orders o ON o.id = r.order_id$q$
    WHEN 'return_items' THEN
      $q$SELECT unnest(ARRAY['seller:' || o.seller_id, 'warehouse:' || o.warehouse_id])
           FROM %1$I r JOIN return_orders o ON o.id = r.return_id$q$
    WHEN 'quotations' THEN
      $q$SELECT unnest(ARRAY['seller:' || r.seller_id, 'warehouse:' || r.warehouse_id]) FROM %1$I r
         UNION SELECT unnest(ARRAY['seller:' || i.seller_id, 'warehouse:' || i.warehouse_id])
           FROM %1$I r JOIN imports i ON i.quotation_id = r.id$q$
    WHEN 'products' THEN
      $q$SELECT unnest(ARRAY['seller:' || r.seller_id, 'warehouse:' || r.warehouse_id]) FROM %1$I r
         UNION SELECT unnest(ARRAY['seller:' || o.seller_id, 'warehouse:' || o.warehouse_id])
           FROM %1$I r JOIN order_items i ON i.product_id = r.id JOIN normal_orders o ON o.id = i.order_id
         UNION SELECT unnest(ARRAY['seller:' || o.seller_id, 'warehouse:' || o.warehouse_id])
           FROM %1$I r JOIN return_items i ON i.product_id = r.id JOIN return_orders o ON o.id = i.return_id$q$
    -- imports, normal_orders, return_orders: their own seller and warehouse.
    ELSE
      $q$SELECT unnest(ARRAY['seller:' || r.seller_id, 'warehouse:' || r.warehouse_id]) FROM %1$I r$q$
  END;
  FOREACH source IN ARRAY CASE TG_OP WHEN 'INSERT' THEN ARRAY['new_rows'] WHEN 'DELETE' THEN ARRAY['old_rows']
                                      ELSE ARRAY['old_rows', 'new_rows'] END LOOP
    EXECUTE format('SELECT count(pg_notify(''owner_data_changed'', owner)) FROM (SELECT DISTINCT owner FROM ('
                   || owners_sql || ') AS changed(owner) WHERE owner IS NOT NULL) AS owners', source);
  END LOOP;
  RETURN NULL;
END;
$$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['warehouses', 'seller_warehouses', 'quotations', 'imports', 'products',
                           'normal_orders', 'order_items', 'return_orders', 'return_items'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION notify_owner_data_changed()', t || '_changed_on_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION notify_owner_data_changed()', t || '_changed_on_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION notify_owner_data_changed()', t || '_changed_on_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION notify_owner_data_changed()', t || '_changed_on_truncate', t);
  END LOOP;
END;
$$;
