CREATE TABLE "welcome_offer_uses" (
	"tax_id_hash" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "welcome_offer_uses_hash_check" CHECK ("welcome_offer_uses"."tax_id_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "gateway_erasures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"customer_reference" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "welcome_offer_uses" ADD CONSTRAINT "welcome_offer_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "welcome_offer_uses_order_idx" ON "welcome_offer_uses" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_erasures_reference_idx" ON "gateway_erasures" USING btree ("provider","customer_reference");--> statement-breakpoint
CREATE INDEX "gateway_erasures_due_idx" ON "gateway_erasures" USING btree ("next_attempt_at");
