ALTER TABLE "newsletter_subscriptions" DROP CONSTRAINT "newsletter_source_check";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "list_unsubscribe" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_source_check" CHECK ("newsletter_subscriptions"."source" in ('footer', 'blog', 'preferences'));