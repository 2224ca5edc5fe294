CREATE TABLE "product_counts" (
	"category_id" uuid NOT NULL,
	"is_kit" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "product_counts_category_id_is_kit_pk" PRIMARY KEY("category_id","is_kit"),
	CONSTRAINT "product_counts_n_check" CHECK ("product_counts"."n" >= 0)
);
--> statement-breakpoint
-- hand-written (keep): the counts are kept by the database in the same transaction as the product
-- write, so they are exact whoever writes (admin, seed, a script) and however many write at once.
-- Statement-level triggers with transition tables: one change per (category, is_kit) per statement,
-- not one per row (a bulk insert of 20k products touches each counter row once). The changes are
-- applied in key order, so two statements moving products between the same categories lock the
-- counter rows in the same order and cannot deadlock each other; each change adds to the latest
-- committed value under the row lock, so two writers at once both count. An UPDATE that changes
-- neither the category nor is_kit nets to zero and writes nothing.
CREATE FUNCTION clarear_product_count_add(k uuid, kit boolean, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF delta > 0 THEN
    INSERT INTO product_counts AS c (category_id, is_kit, n) VALUES (k, kit, delta)
      ON CONFLICT (category_id, is_kit) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    UPDATE product_counts SET n = n + delta WHERE category_id = k AND is_kit = kit;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'product_counts: no row for (%, %) to take % from', k, kit, -delta;
    END IF;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION clarear_product_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM product_counts;
  ELSIF TG_OP = 'INSERT' THEN
    FOR r IN SELECT coalesce(category_id, '00000000-0000-0000-0000-000000000000') AS k, is_kit AS kit, count(*)::integer AS delta
             FROM clarear_new_products GROUP BY 1, 2 ORDER BY 1, 2 LOOP
      PERFORM clarear_product_count_add(r.k, r.kit, r.delta);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT coalesce(category_id, '00000000-0000-0000-0000-000000000000') AS k, is_kit AS kit, -count(*)::integer AS delta
             FROM clarear_old_products GROUP BY 1, 2 ORDER BY 1, 2 LOOP
      PERFORM clarear_product_count_add(r.k, r.kit, r.delta);
    END LOOP;
  ELSE
    FOR r IN SELECT k, kit, sum(d)::integer AS delta FROM (
               SELECT coalesce(category_id, '00000000-0000-0000-0000-000000000000') AS k, is_kit AS kit, 1 AS d FROM clarear_new_products
               UNION ALL
               SELECT coalesce(category_id, '00000000-0000-0000-0000-000000000000'), is_kit, -1 FROM clarear_old_products
             ) moves GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2 LOOP
      PERFORM clarear_product_count_add(r.k, r.kit, r.delta);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_count_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS clarear_new_products FOR EACH STATEMENT EXECUTE FUNCTION clarear_product_counts();--> statement-breakpoint
CREATE TRIGGER products_count_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS clarear_old_products NEW TABLE AS clarear_new_products FOR EACH STATEMENT EXECUTE FUNCTION clarear_product_counts();--> statement-breakpoint
CREATE TRIGGER products_count_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS clarear_old_products FOR EACH STATEMENT EXECUTE FUNCTION clarear_product_counts();--> statement-breakpoint
CREATE TRIGGER products_count_truncate AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION clarear_product_counts();--> statement-breakpoint
-- hand-written (keep): the products already there.
INSERT INTO product_counts (category_id, is_kit, n)
  SELECT coalesce(category_id, '00000000-0000-0000-0000-000000000000'), is_kit, count(*) FROM products GROUP BY 1, 2;
