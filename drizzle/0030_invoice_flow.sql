DROP INDEX "invoices_order_live_idx";--> statement-breakpoint
ALTER TABLE "fiscal_settings" ADD COLUMN "focus_hook_url" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "kind" text DEFAULT 'sale' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "references_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "return_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_references_invoice_id_invoices_id_fk" FOREIGN KEY ("references_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_return_live_idx" ON "invoices" USING btree ("return_id") WHERE "invoices"."kind" = 'return' and "invoices"."status" in ('processing', 'authorized');--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_live_idx" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'sale' and "invoices"."status" in ('processing', 'authorized');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('sale', 'return'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_return_check" CHECK (("invoices"."kind" = 'sale') = ("invoices"."references_invoice_id" is null));