CREATE TABLE "fiscal_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"regime" text DEFAULT 'simples' NOT NULL,
	"series" integer DEFAULT 1 NOT NULL,
	"environment" text DEFAULT 'homologacao' NOT NULL,
	"nature" text DEFAULT 'Venda de mercadoria' NOT NULL,
	"issue_on" text DEFAULT 'preparing' NOT NULL,
	"invoicing" boolean DEFAULT false NOT NULL,
	"reviewed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_settings_single_row_check" CHECK ("fiscal_settings"."id" = 1),
	CONSTRAINT "fiscal_settings_regime_check" CHECK ("fiscal_settings"."regime" in ('simples', 'normal')),
	CONSTRAINT "fiscal_settings_environment_check" CHECK ("fiscal_settings"."environment" in ('homologacao', 'producao')),
	CONSTRAINT "fiscal_settings_issue_on_check" CHECK ("fiscal_settings"."issue_on" in ('preparing', 'paid')),
	CONSTRAINT "fiscal_settings_series_check" CHECK ("fiscal_settings"."series" between 0 and 999)
);
--> statement-breakpoint
CREATE TABLE "fiscal_tax_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"destination" text NOT NULL,
	"buyer" text NOT NULL,
	"cfop" text NOT NULL,
	"icms_situation" text NOT NULL,
	"pis_situation" text NOT NULL,
	"pis_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"cofins_situation" text NOT NULL,
	"cofins_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_tax_rules_destination_check" CHECK ("fiscal_tax_rules"."destination" in ('same_state', 'other_state')),
	CONSTRAINT "fiscal_tax_rules_buyer_check" CHECK ("fiscal_tax_rules"."buyer" in ('consumer', 'contributor', 'exempt')),
	CONSTRAINT "fiscal_tax_rules_cfop_check" CHECK ("fiscal_tax_rules"."cfop" ~ '^[1-7][0-9]{3}$'),
	CONSTRAINT "fiscal_tax_rules_icms_check" CHECK ("fiscal_tax_rules"."icms_situation" ~ '^[0-9]{2,3}$'),
	CONSTRAINT "fiscal_tax_rules_pis_check" CHECK ("fiscal_tax_rules"."pis_situation" ~ '^[0-9]{2}$' and "fiscal_tax_rules"."cofins_situation" ~ '^[0-9]{2}$'),
	CONSTRAINT "fiscal_tax_rules_rates_check" CHECK ("fiscal_tax_rules"."pis_rate" between 0 and 100 and "fiscal_tax_rules"."cofins_rate" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"ref" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"number" integer,
	"series" integer,
	"access_key" text,
	"protocol" text,
	"sefaz_message" text,
	"xml_key" text,
	"danfe_key" text,
	"cancel_xml_key" text,
	"total_price" numeric(12, 2),
	"authorized_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_ref_unique" UNIQUE("ref"),
	CONSTRAINT "invoices_access_key_unique" UNIQUE("access_key"),
	CONSTRAINT "invoices_source_check" CHECK ("invoices"."source" in ('focusnfe', 'attached')),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('processing', 'authorized', 'rejected', 'denied', 'cancelled')),
	CONSTRAINT "invoices_access_key_check" CHECK ("invoices"."access_key" ~ '^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$'),
	CONSTRAINT "invoices_authorized_check" CHECK ("invoices"."status" not in ('authorized', 'cancelled') or ("invoices"."access_key" is not null and "invoices"."authorized_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_state_registration" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_ie_indicator" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "commercial_unit" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ncm" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cest" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fiscal_origin" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "commercial_unit" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "state_registration" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "ie_indicator" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_tax_rules_case_idx" ON "fiscal_tax_rules" USING btree ("destination","buyer");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_live_idx" ON "invoices" USING btree ("order_id") WHERE "invoices"."status" in ('processing', 'authorized');--> statement-breakpoint
CREATE INDEX "invoices_status_created_idx" ON "invoices" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_state_registration_check" CHECK ("orders"."buyer_state_registration" ~ '^[0-9]{2,14}$');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_ie_indicator_check" CHECK ("orders"."buyer_ie_indicator" in (1, 2, 9));--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_gtin_check" CHECK ("product_variants"."gtin" ~ '^([0-9]{8}|[0-9]{12,14}|SEM GTIN)$');--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_commercial_unit_check" CHECK ("product_variants"."commercial_unit" in ('UN', 'CX', 'GL', 'FR', 'PCT', 'KG', 'L', 'KIT'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gtin_check" CHECK ("products"."gtin" ~ '^([0-9]{8}|[0-9]{12,14}|SEM GTIN)$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_commercial_unit_check" CHECK ("products"."commercial_unit" in ('UN', 'CX', 'GL', 'FR', 'PCT', 'KG', 'L', 'KIT'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_ncm_check" CHECK ("products"."ncm" ~ '^[0-9]{8}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_cest_check" CHECK ("products"."cest" ~ '^[0-9]{7}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_fiscal_origin_check" CHECK ("products"."fiscal_origin" in (0, 1, 2, 3, 4, 5, 6, 7, 8));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_ncm_origin_check" CHECK (("products"."ncm" is null) = ("products"."fiscal_origin" is null) and ("products"."cest" is null or "products"."ncm" is not null));--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_state_registration_check" CHECK ("user"."state_registration" ~ '^[0-9]{2,14}$');--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_ie_indicator_check" CHECK ("user"."ie_indicator" in (1, 2, 9));