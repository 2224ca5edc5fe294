DROP INDEX "products_kit_order_idx";--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name" text GENERATED ALWAYS AS (clarear_unaccent(lower(name))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_list_idx" ON "products" USING btree ("is_kit","display_order","name","id");--> statement-breakpoint
CREATE INDEX "products_category_list_idx" ON "products" USING btree ("category_id","is_kit","display_order","name","id");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("search_name" gin_trgm_ops);