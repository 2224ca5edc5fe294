CREATE TABLE "customer_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_user_id" text NOT NULL,
	"admin_user_id" text,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_audit_action_check" CHECK ("customer_audit"."action" in ('reveal_tax_id', 'resend_confirmation', 'password_reset', 'block', 'unblock', 'make_admin', 'make_customer'))
);
--> statement-breakpoint
ALTER TABLE "customer_audit" ADD CONSTRAINT "customer_audit_customer_user_id_user_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_audit" ADD CONSTRAINT "customer_audit_admin_user_id_user_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_audit_customer_idx" ON "customer_audit" USING btree ("customer_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_created_at_idx" ON "user" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_name_trgm_idx" ON "user" USING gin (clarear_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin (clarear_unaccent(lower("email")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_tax_id_trgm_idx" ON "user" USING gin ("tax_id" gin_trgm_ops);