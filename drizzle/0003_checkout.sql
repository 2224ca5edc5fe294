ALTER TABLE "orders" ADD COLUMN "subtotal_price" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_price" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_price" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_details" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "tax_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_idx" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "user_subscriptions_one_live_idx" ON "user_subscriptions" USING btree ("user_id") WHERE "user_subscriptions"."status" in ('active', 'paused');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_check" CHECK ("orders"."subtotal_price" >= 0 and "orders"."discount_price" >= 0 and "orders"."shipping_price" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" in ('pix', 'credit_card', 'boleto'));--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_tax_id_check" CHECK ("user"."tax_id" ~ '^([0-9]{11}|[0-9]{14})$');