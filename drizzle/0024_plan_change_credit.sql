ALTER TABLE "user_subscriptions" ADD COLUMN "credit" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_credit_check" CHECK ("user_subscriptions"."credit" >= 0);--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD COLUMN "credit_used" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_credit_used_check" CHECK ("subscription_periods"."credit_used" >= 0);--> statement-breakpoint
CREATE TABLE "plan_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"from_frequency" text NOT NULL,
	"to_frequency" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"credit" numeric(12, 2) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"credit_after" numeric(12, 2) NOT NULL,
	"order_id" uuid,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_changes_status_check" CHECK ("plan_changes"."status" in ('awaiting', 'applied', 'cancelled')),
	CONSTRAINT "plan_changes_to_frequency_check" CHECK ("plan_changes"."to_frequency" in ('monthly', 'semiannual', 'annual')),
	CONSTRAINT "plan_changes_money_check" CHECK ("plan_changes"."price" >= 0 and "plan_changes"."credit" >= 0 and "plan_changes"."amount" >= 0 and "plan_changes"."credit_after" >= 0)
);--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_subscription_id_user_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."user_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_changes_key_idx" ON "plan_changes" USING btree ("subscription_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_changes_order_idx" ON "plan_changes" USING btree ("order_id");
