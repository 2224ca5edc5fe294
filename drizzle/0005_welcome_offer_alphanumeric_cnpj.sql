CREATE TABLE "mail_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" DROP CONSTRAINT "user_tax_id_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_kind" text;--> statement-breakpoint
-- Every discount before the welcome offer was the subscriber's.
UPDATE "orders" SET "discount_kind" = 'subscriber' WHERE "discount_price" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_welcome_user_idx" ON "orders" USING btree ("user_id") WHERE "orders"."discount_kind" = 'welcome' and "orders"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_welcome_tax_id_idx" ON "orders" USING btree ("tax_id") WHERE "orders"."discount_kind" = 'welcome' and "orders"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "orders_tax_id_idx" ON "orders" USING btree ("tax_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_id_check" CHECK ("orders"."tax_id" ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_kind_check" CHECK ("orders"."discount_kind" in ('subscriber', 'welcome'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_kind_amount_check" CHECK (("orders"."discount_kind" is null) = ("orders"."discount_price" = 0));--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_tax_id_check" CHECK ("user"."tax_id" ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$');