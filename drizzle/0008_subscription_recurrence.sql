CREATE TABLE "plan_options" (
	"frequency" text PRIMARY KEY NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"highlight" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_options_frequency_check" CHECK ("plan_options"."frequency" in ('monthly', 'semiannual', 'annual')),
	CONSTRAINT "plan_options_price_check" CHECK ("plan_options"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "programmed_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"source_order_id" uuid,
	"months" integer NOT NULL,
	"anchor_date" date NOT NULL,
	"next_date" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"payment_method" text NOT NULL,
	"installments" integer DEFAULT 1 NOT NULL,
	"tax_id" text,
	"ship_name" text,
	"ship_street" text,
	"ship_number" text,
	"ship_complement" text,
	"ship_neighborhood" text,
	"ship_city" text,
	"ship_state" text,
	"ship_zip_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programmed_deliveries_months_check" CHECK ("programmed_deliveries"."months" in (1, 2, 3)),
	CONSTRAINT "programmed_deliveries_status_check" CHECK ("programmed_deliveries"."status" in ('active', 'paused', 'cancelled')),
	CONSTRAINT "programmed_deliveries_payment_method_check" CHECK ("programmed_deliveries"."payment_method" in ('pix', 'credit_card', 'boleto')),
	CONSTRAINT "programmed_deliveries_installments_check" CHECK ("programmed_deliveries"."installments" between 1 and 12),
	CONSTRAINT "programmed_deliveries_tax_id_check" CHECK ("programmed_deliveries"."tax_id" ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$'),
	CONSTRAINT "programmed_deliveries_ship_address_check" CHECK (("programmed_deliveries"."ship_name" is null and "programmed_deliveries"."ship_street" is null and "programmed_deliveries"."ship_number" is null and "programmed_deliveries"."ship_neighborhood" is null and "programmed_deliveries"."ship_city" is null and "programmed_deliveries"."ship_state" is null and "programmed_deliveries"."ship_zip_code" is null)
      or ("programmed_deliveries"."ship_name" is not null and "programmed_deliveries"."ship_street" is not null and "programmed_deliveries"."ship_number" is not null and "programmed_deliveries"."ship_neighborhood" is not null and "programmed_deliveries"."ship_city" is not null and "programmed_deliveries"."ship_state" in ('AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO') and "programmed_deliveries"."ship_zip_code" ~ '^[0-9]{8}$'))
);
--> statement-breakpoint
CREATE TABLE "programmed_delivery_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"variant_id" uuid,
	"kit_id" uuid,
	"product_name" text NOT NULL,
	"size" text,
	"quantity" integer NOT NULL,
	CONSTRAINT "programmed_delivery_items_quantity_check" CHECK ("programmed_delivery_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "programmed_delivery_runs" (
	"delivery_id" uuid NOT NULL,
	"scheduled_for" date NOT NULL,
	"outcome" text NOT NULL,
	"order_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programmed_delivery_runs_delivery_id_scheduled_for_pk" PRIMARY KEY("delivery_id","scheduled_for"),
	CONSTRAINT "programmed_delivery_runs_outcome_check" CHECK ("programmed_delivery_runs"."outcome" in ('ordered', 'skipped', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_events_actor_check" CHECK ("subscription_events"."actor" in ('customer', 'admin', 'system')),
	CONSTRAINT "subscription_events_to_status_check" CHECK ("subscription_events"."to_status" in ('active', 'paused', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "subscription_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"period_date" date NOT NULL,
	"period_end" date NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_periods_kind_check" CHECK ("subscription_periods"."kind" in ('initial', 'renewal')),
	CONSTRAINT "subscription_periods_status_check" CHECK ("subscription_periods"."status" in ('awaiting', 'overdue', 'paid', 'cancelled')),
	CONSTRAINT "subscription_periods_amount_check" CHECK ("subscription_periods"."amount" >= 0),
	CONSTRAINT "subscription_periods_dates_check" CHECK ("subscription_periods"."period_end" > "subscription_periods"."period_date")
);
--> statement-breakpoint
ALTER TABLE "subscription_configs" DROP CONSTRAINT "subscription_configs_price_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "programmed_delivery_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "scheduled_for" date;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "anchor_date" date;--> statement-breakpoint
-- Hand-written: existing subscriptions keep their schedule (the day of their next date) and, sold
-- before payments were confirmed, count as paid through that date; a paused one was the customer's.
UPDATE "user_subscriptions" SET "anchor_date" = "next_delivery_date";--> statement-breakpoint
ALTER TABLE "user_subscriptions" ALTER COLUMN "anchor_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "payment_method" text DEFAULT 'pix' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "installments" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "paid_through" date;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "paused_reason" text;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "resume_on" date;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "ship_name" text;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "ship_street" text;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "ship_number" text;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "ship_complement" text;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "ship_neighborhood" text;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "ship_city" text;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "ship_state" text;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "ship_zip_code" text;--> statement-breakpoint
ALTER TABLE "programmed_deliveries" ADD CONSTRAINT "programmed_deliveries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmed_deliveries" ADD CONSTRAINT "programmed_deliveries_source_order_id_orders_id_fk" FOREIGN KEY ("source_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmed_delivery_items" ADD CONSTRAINT "programmed_delivery_items_delivery_id_programmed_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."programmed_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmed_delivery_items" ADD CONSTRAINT "programmed_delivery_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmed_delivery_items" ADD CONSTRAINT "programmed_delivery_items_kit_id_products_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmed_delivery_runs" ADD CONSTRAINT "programmed_delivery_runs_delivery_id_programmed_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."programmed_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmed_delivery_runs" ADD CONSTRAINT "programmed_delivery_runs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_subscription_id_user_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."user_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_subscription_id_user_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."user_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "programmed_deliveries_user_idx" ON "programmed_deliveries" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "programmed_deliveries_due_idx" ON "programmed_deliveries" USING btree ("next_date") WHERE "programmed_deliveries"."status" = 'active';--> statement-breakpoint
CREATE INDEX "programmed_delivery_items_delivery_idx" ON "programmed_delivery_items" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "subscription_events_subscription_idx" ON "subscription_events" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_periods_once_idx" ON "subscription_periods" USING btree ("subscription_id","period_date");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_periods_order_idx" ON "subscription_periods" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "subscription_periods_retry_idx" ON "subscription_periods" USING btree ("next_attempt_at") WHERE "subscription_periods"."status" = 'awaiting';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_subscription_id_user_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."user_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_programmed_delivery_id_programmed_deliveries_id_fk" FOREIGN KEY ("programmed_delivery_id") REFERENCES "public"."programmed_deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_subscription_idx" ON "orders" USING btree ("subscription_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_programmed_delivery_date_idx" ON "orders" USING btree ("programmed_delivery_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "user_subscriptions_due_idx" ON "user_subscriptions" USING btree ("next_delivery_date") WHERE "user_subscriptions"."status" = 'active';--> statement-breakpoint
-- Hand-written: the three options start at SPEC §9's prices; the monthly one keeps the price an admin
-- gave the active plan (what admin assignments charged until now).
INSERT INTO "plan_options" ("frequency", "price", "highlight") VALUES
  ('monthly', coalesce((SELECT "price" FROM "subscription_configs" WHERE "is_active" LIMIT 1), 49.90), NULL),
  ('semiannual', 249.50, 'Economize 5%!'),
  ('annual', 538.90, 'Economize 10%!');--> statement-breakpoint
UPDATE "user_subscriptions" SET "paid_through" = "next_delivery_date" WHERE "status" IN ('active', 'paused');--> statement-breakpoint
UPDATE "user_subscriptions" SET "paused_reason" = 'customer', "paused_at" = "updated_at" WHERE "status" = 'paused';--> statement-breakpoint
ALTER TABLE "subscription_configs" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_payment_method_check" CHECK ("user_subscriptions"."payment_method" in ('pix', 'credit_card', 'boleto'));--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_installments_check" CHECK ("user_subscriptions"."installments" between 1 and 12);--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_paused_reason_check" CHECK ("user_subscriptions"."paused_reason" in ('customer', 'payment_failed'));--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_paused_check" CHECK (("user_subscriptions"."status" = 'paused') = ("user_subscriptions"."paused_reason" is not null));--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_tax_id_check" CHECK ("user_subscriptions"."tax_id" ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$');--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_ship_address_check" CHECK (("user_subscriptions"."ship_name" is null and "user_subscriptions"."ship_street" is null and "user_subscriptions"."ship_number" is null and "user_subscriptions"."ship_neighborhood" is null and "user_subscriptions"."ship_city" is null and "user_subscriptions"."ship_state" is null and "user_subscriptions"."ship_zip_code" is null)
      or ("user_subscriptions"."ship_name" is not null and "user_subscriptions"."ship_street" is not null and "user_subscriptions"."ship_number" is not null and "user_subscriptions"."ship_neighborhood" is not null and "user_subscriptions"."ship_city" is not null and "user_subscriptions"."ship_state" in ('AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO') and "user_subscriptions"."ship_zip_code" ~ '^[0-9]{8}$'));