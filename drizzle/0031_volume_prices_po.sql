CREATE TABLE "variant_price_tiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" uuid NOT NULL,
	"min_quantity" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "variant_price_tiers_min_quantity_check" CHECK ("variant_price_tiers"."min_quantity" between 2 and 9999),
	CONSTRAINT "variant_price_tiers_price_check" CHECK ("variant_price_tiers"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "purchase_order_number" text;--> statement-breakpoint
ALTER TABLE "variant_price_tiers" ADD CONSTRAINT "variant_price_tiers_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "variant_price_tiers_variant_min_idx" ON "variant_price_tiers" USING btree ("variant_id","min_quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_purchase_order_number_check" CHECK (char_length("orders"."purchase_order_number") between 1 and 40);