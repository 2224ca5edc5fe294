CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"reply_to" text,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_from_status_check" CHECK ("order_events"."from_status" in ('pending', 'paid', 'preparing', 'shipped', 'delivered', 'cancelled')),
	CONSTRAINT "order_events_to_status_check" CHECK ("order_events"."to_status" in ('pending', 'paid', 'preparing', 'shipped', 'delivered', 'cancelled')),
	CONSTRAINT "order_events_actor_check" CHECK ("order_events"."actor" in ('customer', 'admin', 'system'))
);
--> statement-breakpoint
CREATE TABLE "payment_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"outcome" text NOT NULL,
	"actor_user_id" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_confirmations_outcome_check" CHECK ("payment_confirmations"."outcome" in ('applied', 'late')),
	CONSTRAINT "payment_confirmations_amount_check" CHECK ("payment_confirmations"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_reservations" (
	"order_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "stock_reservations_order_id_variant_id_pk" PRIMARY KEY("order_id","variant_id"),
	CONSTRAINT "stock_reservations_quantity_check" CHECK ("stock_reservations"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_street" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_complement" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_neighborhood" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_city" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_zip_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_confirmations" ADD CONSTRAINT "payment_confirmations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_confirmations" ADD CONSTRAINT "payment_confirmations_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_dedupe_idx" ON "email_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "email_outbox_failed_idx" ON "email_outbox" USING btree ("created_at" DESC NULLS LAST) WHERE "email_outbox"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_confirmations_reference_idx" ON "payment_confirmations" USING btree ("provider","reference");--> statement-breakpoint
CREATE INDEX "payment_confirmations_order_idx" ON "payment_confirmations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_confirmations_late_idx" ON "payment_confirmations" USING btree ("created_at") WHERE "payment_confirmations"."outcome" = 'late' and "payment_confirmations"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "stock_reservations_variant_idx" ON "stock_reservations" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("payment_expires_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
-- Orders cancelled before reasons were asked for get one, so the new CHECK holds.
UPDATE "orders" SET "cancel_reason" = 'Cancelado antes do registro de motivos' WHERE "status" = 'cancelled' AND "cancel_reason" IS NULL;--> statement-breakpoint
-- Every existing order starts its history with its creation.
INSERT INTO "order_events" ("order_id", "from_status", "to_status", "actor", "note", "created_at") SELECT "id", NULL, "status", 'system', 'Pedido anterior ao histórico', "created_at" FROM "orders";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ship_address_check" CHECK (("orders"."ship_name" is null and "orders"."ship_street" is null and "orders"."ship_number" is null and "orders"."ship_neighborhood" is null and "orders"."ship_city" is null and "orders"."ship_state" is null and "orders"."ship_zip_code" is null)
        or ("orders"."ship_name" is not null and "orders"."ship_street" is not null and "orders"."ship_number" is not null and "orders"."ship_neighborhood" is not null and "orders"."ship_city" is not null and "orders"."ship_state" is not null and "orders"."ship_zip_code" ~ '^[0-9]{8}$'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ship_state_check" CHECK ("orders"."ship_state" in ('AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_carrier_check" CHECK ("orders"."carrier" in ('correios', 'jadlog', 'loggi', 'outra', 'propria'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_status_check" CHECK ("orders"."refund_status" in ('pending', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancel_reason_check" CHECK ("orders"."status" <> 'cancelled' or "orders"."cancel_reason" is not null);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'paid', 'preparing', 'shipped', 'delivered', 'cancelled'));--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_stock_check" CHECK ("product_variants"."stock" >= 0);