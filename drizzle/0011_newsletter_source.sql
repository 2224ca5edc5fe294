ALTER TABLE "newsletter_subscriptions" ADD COLUMN "source" text DEFAULT 'footer' NOT NULL;--> statement-breakpoint
CREATE INDEX "newsletter_created_at_idx" ON "newsletter_subscriptions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_source_check" CHECK ("newsletter_subscriptions"."source" in ('footer', 'blog'));