CREATE TABLE "product_search" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"category_id" uuid,
	"is_kit" boolean NOT NULL,
	"search_name" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_search_name_trgm_idx" ON "product_search" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
-- hand-written (keep): product_search follows products in the same transaction as every write,
-- one set-based statement per product statement (transition tables). An UPDATE rewrites only the
-- rows whose name, category or kit flag changed.
CREATE FUNCTION clarear_product_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM product_search;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO product_search (product_id, category_id, is_kit, search_name)
      SELECT id, category_id, is_kit, search_name FROM clarear_new_products;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM product_search s USING clarear_old_products o WHERE s.product_id = o.id;
  ELSE
    DELETE FROM product_search s USING clarear_old_products o
      WHERE s.product_id = o.id AND NOT EXISTS (SELECT 1 FROM clarear_new_products n WHERE n.id = o.id);
    INSERT INTO product_search AS s (product_id, category_id, is_kit, search_name)
      SELECT id, category_id, is_kit, search_name FROM clarear_new_products
      ON CONFLICT (product_id) DO UPDATE SET category_id = excluded.category_id, is_kit = excluded.is_kit, search_name = excluded.search_name
      WHERE (s.category_id, s.is_kit, s.search_name) IS DISTINCT FROM (excluded.category_id, excluded.is_kit, excluded.search_name);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_search_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS clarear_new_products FOR EACH STATEMENT EXECUTE FUNCTION clarear_product_search();--> statement-breakpoint
CREATE TRIGGER products_search_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS clarear_old_products NEW TABLE AS clarear_new_products FOR EACH STATEMENT EXECUTE FUNCTION clarear_product_search();--> statement-breakpoint
CREATE TRIGGER products_search_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS clarear_old_products FOR EACH STATEMENT EXECUTE FUNCTION clarear_product_search();--> statement-breakpoint
CREATE TRIGGER products_search_truncate AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION clarear_product_search();--> statement-breakpoint
-- hand-written (keep): the products already there.
INSERT INTO product_search (product_id, category_id, is_kit, search_name)
  SELECT id, category_id, is_kit, search_name FROM products;
