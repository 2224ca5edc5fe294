CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tax_id" text NOT NULL,
	"legal_name" text NOT NULL,
	"trade_name" text DEFAULT '' NOT NULL,
	"state_registration" text,
	"ie_indicator" integer NOT NULL,
	"credit_status" text DEFAULT 'none' NOT NULL,
	"credit_limit" numeric(12, 2),
	"credit_term_days" integer,
	"credit_requested_at" timestamp with time zone,
	"credit_decided_at" timestamp with time zone,
	"credit_decided_by" text,
	"credit_note" text,
	"created_by" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_tax_id_check" CHECK ("companies"."tax_id" ~ '^[0-9A-Z]{12}[0-9]{2}$'),
	CONSTRAINT "companies_legal_name_check" CHECK (char_length("companies"."legal_name") between 2 and 120),
	CONSTRAINT "companies_state_registration_check" CHECK ("companies"."state_registration" ~ '^[0-9]{2,14}$'),
	CONSTRAINT "companies_ie_indicator_check" CHECK ("companies"."ie_indicator" in (1, 2, 9)),
	CONSTRAINT "companies_credit_status_check" CHECK ("companies"."credit_status" in ('none', 'requested', 'approved', 'refused')),
	CONSTRAINT "companies_credit_term_check" CHECK ("companies"."credit_term_days" in (14, 21, 28)),
	CONSTRAINT "companies_credit_limit_check" CHECK ("companies"."credit_limit" >= 0),
	CONSTRAINT "companies_credit_approved_check" CHECK ("companies"."credit_status" <> 'approved' or ("companies"."credit_limit" is not null and "companies"."credit_term_days" is not null))
);
--> statement-breakpoint
CREATE TABLE "company_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'buyer' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"invited_by" text,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_invitations_role_check" CHECK ("company_invitations"."role" in ('owner', 'buyer')),
	CONSTRAINT "company_invitations_email_check" CHECK ("company_invitations"."email" = lower("company_invitations"."email"))
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"company_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_company_id_user_id_pk" PRIMARY KEY("company_id","user_id"),
	CONSTRAINT "company_members_role_check" CHECK ("company_members"."role" in ('owner', 'buyer'))
);
--> statement-breakpoint
CREATE TABLE "quote_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"line_id" uuid,
	"is_kit" boolean DEFAULT false NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"size" text,
	"quantity" integer NOT NULL,
	"list_price" numeric(12, 2) NOT NULL,
	"unit_price" numeric(12, 2),
	"position" integer NOT NULL,
	CONSTRAINT "quote_items_quantity_check" CHECK ("quote_items"."quantity" between 1 and 99999),
	CONSTRAINT "quote_items_price_check" CHECK ("quote_items"."list_price" >= 0 and "quote_items"."unit_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "quote_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"author" text NOT NULL,
	"author_user_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_messages_author_check" CHECK ("quote_messages"."author" in ('customer', 'admin')),
	CONSTRAINT "quote_messages_body_check" CHECK (char_length("quote_messages"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"company_id" uuid,
	"status" text DEFAULT 'new' NOT NULL,
	"zip_code" text,
	"freight_price" numeric(12, 2),
	"valid_until" date,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	"decided_at" timestamp with time zone,
	"order_id" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('new', 'answered', 'accepted', 'declined', 'expired')),
	CONSTRAINT "quotes_zip_code_check" CHECK ("quotes"."zip_code" ~ '^[0-9]{8}$'),
	CONSTRAINT "quotes_freight_check" CHECK ("quotes"."freight_price" >= 0),
	CONSTRAINT "quotes_answered_check" CHECK ("quotes"."status" not in ('answered', 'accepted') or "quotes"."answered_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "receivables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_details" jsonb,
	"paid_at" timestamp with time zone,
	"payment_reference" text,
	"paid_by" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receivables_status_check" CHECK ("receivables"."status" in ('open', 'paid', 'overdue', 'cancelled')),
	CONSTRAINT "receivables_amount_check" CHECK ("receivables"."amount" > 0),
	CONSTRAINT "receivables_paid_check" CHECK (("receivables"."status" = 'paid') = ("receivables"."paid_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_legal_name" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "invoiced_minimum" numeric(12, 2) DEFAULT '300.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "invoiced_instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "quote_min_quantity" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_credit_decided_by_user_id_fk" FOREIGN KEY ("credit_decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_author_user_id_user_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_answered_by_user_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivables" ADD CONSTRAINT "receivables_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivables" ADD CONSTRAINT "receivables_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivables" ADD CONSTRAINT "receivables_paid_by_user_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_tax_id_idx" ON "companies" USING btree ("tax_id");--> statement-breakpoint
CREATE INDEX "companies_legal_name_trgm_idx" ON "companies" USING gin (clarear_unaccent(lower("legal_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_credit_status_idx" ON "companies" USING btree ("credit_status","credit_requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_token_idx" ON "company_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_pending_idx" ON "company_invitations" USING btree ("company_id","email") WHERE "company_invitations"."accepted_at" is null and "company_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "company_members_user_idx" ON "company_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_members_one_owner_idx" ON "company_members" USING btree ("company_id") WHERE "company_members"."role" = 'owner';--> statement-breakpoint
CREATE UNIQUE INDEX "quote_items_position_idx" ON "quote_items" USING btree ("quote_id","position");--> statement-breakpoint
CREATE INDEX "quote_messages_quote_idx" ON "quote_messages" USING btree ("quote_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_order_idx" ON "quotes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "quotes_status_created_idx" ON "quotes" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_user_created_idx" ON "quotes" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_company_created_idx" ON "quotes" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "receivables_order_idx" ON "receivables" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "receivables_company_status_idx" ON "receivables" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "receivables_status_due_idx" ON "receivables" USING btree ("status","due_date");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD CONSTRAINT "user_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_company_created_idx" ON "orders" USING btree ("company_id","created_at" DESC NULLS FIRST) WHERE "orders"."company_id" is not null;--> statement-breakpoint
CREATE INDEX "user_addresses_company_idx" ON "user_addresses" USING btree ("company_id") WHERE "user_addresses"."company_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_check" CHECK (("orders"."company_id" is null) or ("orders"."company_legal_name" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" in ('pix', 'credit_card', 'boleto', 'invoiced'));--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_invoiced_minimum_check" CHECK ("store_settings"."invoiced_minimum" >= 0);--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_quote_min_quantity_check" CHECK ("store_settings"."quote_min_quantity" between 1 and 99999);