CREATE TABLE "legal_page_versions" (
	"slug" text NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_page_versions_slug_version_pk" PRIMARY KEY("slug","version"),
	CONSTRAINT "legal_page_versions_version_check" CHECK ("legal_page_versions"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_events_from_status_check" CHECK ("return_events"."from_status" in ('requested', 'approved', 'received', 'refunded', 'replaced', 'rejected')),
	CONSTRAINT "return_events_to_status_check" CHECK ("return_events"."to_status" in ('requested', 'approved', 'received', 'refunded', 'replaced', 'rejected')),
	CONSTRAINT "return_events_actor_check" CHECK ("return_events"."actor" in ('customer', 'admin', 'system'))
);
--> statement-breakpoint
CREATE TABLE "return_items" (
	"return_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"restocked_quantity" integer,
	CONSTRAINT "return_items_return_id_order_item_id_pk" PRIMARY KEY("return_id","order_item_id"),
	CONSTRAINT "return_items_quantity_check" CHECK ("return_items"."quantity" > 0),
	CONSTRAINT "return_items_restocked_check" CHECK ("return_items"."restocked_quantity" between 0 and "return_items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"protocol" text NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text,
	"subscription_id" uuid,
	"kind" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text,
	"resolution" text,
	"instructions" text,
	"reject_reason" text,
	"refund_amount" numeric(12, 2),
	"refund_status" text,
	"refund_reference" text,
	"refund_pix_key" text,
	"replacement_order_id" uuid,
	"answer_due_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_kind_check" CHECK ("returns"."kind" in ('withdrawal', 'defect', 'plan')),
	CONSTRAINT "returns_status_check" CHECK ("returns"."status" in ('requested', 'approved', 'received', 'refunded', 'replaced', 'rejected')),
	CONSTRAINT "returns_resolution_check" CHECK ("returns"."resolution" in ('refund', 'replacement')),
	CONSTRAINT "returns_refund_status_check" CHECK ("returns"."refund_status" in ('pending', 'refunded')),
	CONSTRAINT "returns_refund_amount_check" CHECK ("returns"."refund_amount" >= 0),
	CONSTRAINT "returns_plan_check" CHECK (("returns"."kind" = 'plan') = ("returns"."subscription_id" is not null)),
	CONSTRAINT "returns_rejected_check" CHECK ("returns"."status" <> 'rejected' or "returns"."reject_reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "legal_pages" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_pix_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_version" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "privacy_version" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "privacy_hash" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "anvisa_kind" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "anvisa_number" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "risk_class" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "safety_warnings" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "first_aid" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "un_number" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hazard_class" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sds_key" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sds_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "legal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "trade_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cnpj" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "state_registration" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "address_street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "address_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "address_complement" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "address_neighborhood" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "address_city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "address_state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "address_zip_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "answer_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_page_versions" ADD CONSTRAINT "legal_page_versions_slug_legal_pages_slug_fk" FOREIGN KEY ("slug") REFERENCES "public"."legal_pages"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_subscription_id_user_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."user_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_replacement_order_id_orders_id_fk" FOREIGN KEY ("replacement_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_events_return_idx" ON "return_events" USING btree ("return_id","created_at");--> statement-breakpoint
CREATE INDEX "return_items_order_item_idx" ON "return_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_protocol_idx" ON "returns" USING btree ("protocol");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_order_goods_idx" ON "returns" USING btree ("order_id") WHERE "returns"."kind" <> 'plan' and "returns"."status" <> 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "returns_plan_idx" ON "returns" USING btree ("subscription_id") WHERE "returns"."kind" = 'plan';--> statement-breakpoint
CREATE INDEX "returns_status_created_idx" ON "returns" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "returns_user_idx" ON "returns" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "returns_refund_pending_idx" ON "returns" USING btree ("created_at") WHERE "returns"."refund_status" = 'pending';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_anvisa_kind_check" CHECK ("products"."anvisa_kind" in ('notificado', 'registrado'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_anvisa_check" CHECK (("products"."anvisa_kind" is null) = ("products"."anvisa_number" is null));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_anvisa_number_check" CHECK ("products"."anvisa_number" ~ '^[0-9][0-9./-]{4,29}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_risk_class_check" CHECK ("products"."risk_class" in (1, 2));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hazard_class_check" CHECK ("products"."hazard_class" in ('2.1', '2.2', '3', '4.1', '5.1', '6.1', '8', '9'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_un_number_check" CHECK ("products"."un_number" ~ '^[0-9]{4}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_dangerous_good_check" CHECK (("products"."un_number" is null) = ("products"."hazard_class" is null));--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_cnpj_check" CHECK ("store_settings"."cnpj" ~ '^([0-9A-Z]{12}[0-9]{2})?$');--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_state_registration_check" CHECK ("store_settings"."state_registration" ~ '^([0-9]{2,14}|ISENTO)?$');--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_address_state_check" CHECK ("store_settings"."address_state" = '' or "store_settings"."address_state" in ('AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO'));--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_address_zip_code_check" CHECK ("store_settings"."address_zip_code" ~ '^([0-9]{8})?$');--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_answer_days_check" CHECK ("store_settings"."answer_days" between 1 and 5);--> statement-breakpoint
-- The texts already published are version 1 of each legal page.
INSERT INTO "legal_page_versions" ("slug", "version", "title", "content", "content_hash")
SELECT "slug", 1, "title", "content", encode(sha256(convert_to("content", 'UTF8')), 'hex') FROM "legal_pages";
