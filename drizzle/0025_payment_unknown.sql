-- A charge whose answer was lost is `unknown` (never declined) until reconciliation asks the
-- gateway; a payment that does not pay its order is kept for the admin as 'divergent'.
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_status_check";--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_status_check" CHECK ("payment_attempts"."status" in ('requested', 'calling', 'unknown', 'awaiting', 'approved', 'declined', 'abandoned'));--> statement-breakpoint
DROP INDEX "payment_attempts_open_idx";--> statement-breakpoint
CREATE INDEX "payment_attempts_open_idx" ON "payment_attempts" USING btree ("created_at") WHERE "payment_attempts"."status" in ('requested', 'calling', 'unknown', 'awaiting');--> statement-breakpoint
ALTER TABLE "payment_confirmations" DROP CONSTRAINT "payment_confirmations_outcome_check";--> statement-breakpoint
ALTER TABLE "payment_confirmations" ADD CONSTRAINT "payment_confirmations_outcome_check" CHECK ("payment_confirmations"."outcome" in ('applied', 'late', 'divergent'));--> statement-breakpoint
DROP INDEX "payment_confirmations_late_idx";--> statement-breakpoint
CREATE INDEX "payment_confirmations_late_idx" ON "payment_confirmations" USING btree ("created_at") WHERE "payment_confirmations"."outcome" in ('late', 'divergent') and "payment_confirmations"."resolved_at" is null;
