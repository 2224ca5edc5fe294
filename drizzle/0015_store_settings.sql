CREATE TABLE "store_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"phone" text NOT NULL,
	"hours" text NOT NULL,
	"contact_email" text NOT NULL,
	"whatsapp" text NOT NULL,
	"whatsapp_message" text NOT NULL,
	"instagram_url" text DEFAULT '' NOT NULL,
	"facebook_url" text DEFAULT '' NOT NULL,
	"youtube_url" text DEFAULT '' NOT NULL,
	"tiktok_url" text DEFAULT '' NOT NULL,
	"linkedin_url" text DEFAULT '' NOT NULL,
	"marketing_figures" jsonb NOT NULL,
	"welcome_offer" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "store_settings_single_row_check" CHECK ("store_settings"."id" = 1),
	CONSTRAINT "store_settings_phone_check" CHECK ("store_settings"."phone" ~ '^[0-9]{10,11}$'),
	CONSTRAINT "store_settings_whatsapp_check" CHECK ("store_settings"."whatsapp" ~ '^[0-9]{10,11}$'),
	CONSTRAINT "store_settings_figures_check" CHECK (jsonb_typeof("store_settings"."marketing_figures") = 'array'),
	CONSTRAINT "store_settings_urls_check" CHECK ("store_settings"."instagram_url" ~ '^(https://.+)?$' and "store_settings"."facebook_url" ~ '^(https://.+)?$' and "store_settings"."youtube_url" ~ '^(https://.+)?$' and "store_settings"."tiktok_url" ~ '^(https://.+)?$' and "store_settings"."linkedin_url" ~ '^(https://.+)?$')
);
--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;