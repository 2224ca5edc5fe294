CREATE TABLE "free_shipping_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"zone_id" uuid,
	"service_id" uuid,
	"min_subtotal" numeric(12, 2),
	"subscribers_only" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_shipping_rules_min_check" CHECK ("free_shipping_rules"."min_subtotal" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_parcels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"service_id" uuid,
	"service_name" text NOT NULL,
	"carrier" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"deadline_days" integer NOT NULL,
	"promised_date" date NOT NULL,
	"weight_grams" integer,
	"melhorenvio_order_id" text,
	"label_status" text,
	"label_url" text,
	"tracking_code" text,
	"tracked_status" text,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_parcels_price_check" CHECK ("order_parcels"."price" >= 0 and "order_parcels"."deadline_days" >= 0),
	CONSTRAINT "order_parcels_carrier_check" CHECK ("order_parcels"."carrier" in ('correios', 'jadlog', 'loggi', 'outra', 'propria')),
	CONSTRAINT "order_parcels_label_status_check" CHECK ("order_parcels"."label_status" in ('in_cart', 'paid', 'generated', 'printed')),
	CONSTRAINT "order_parcels_tracked_status_check" CHECK ("order_parcels"."tracked_status" in ('posted', 'delivered')),
	CONSTRAINT "order_parcels_label_check" CHECK (("order_parcels"."label_status" is null) = ("order_parcels"."melhorenvio_order_id" is null))
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"zone_id" uuid NOT NULL,
	"max_weight_grams" integer,
	"price" numeric(12, 2) NOT NULL,
	"deadline_days" integer NOT NULL,
	CONSTRAINT "shipping_rates_bracket_unique" UNIQUE NULLS NOT DISTINCT("service_id","zone_id","max_weight_grams"),
	CONSTRAINT "shipping_rates_numbers_check" CHECK ("shipping_rates"."price" >= 0 and "shipping_rates"."deadline_days" between 0 and 90 and "shipping_rates"."max_weight_grams" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"carrier" text NOT NULL,
	"accepted_hazard_classes" text[] DEFAULT '{}'::text[] NOT NULL,
	"handling_days" integer DEFAULT 1 NOT NULL,
	"cubic_divisor" integer DEFAULT 6000 NOT NULL,
	"value_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"melhorenvio_service_id" integer,
	"margin_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_services_carrier_check" CHECK ("shipping_services"."carrier" in ('correios', 'jadlog', 'loggi', 'outra', 'propria')),
	CONSTRAINT "shipping_services_hazard_classes_check" CHECK ("shipping_services"."accepted_hazard_classes" <@ array['2.1', '2.2', '3', '4.1', '5.1', '6.1', '8', '9']::text[]),
	CONSTRAINT "shipping_services_numbers_check" CHECK ("shipping_services"."handling_days" between 0 and 60 and "shipping_services"."cubic_divisor" between 1000 and 10000 and "shipping_services"."value_percent" between 0 and 100 and "shipping_services"."margin_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"cep_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_zones_name_unique" UNIQUE("name"),
	CONSTRAINT "shipping_zones_states_check" CHECK ("shipping_zones"."states" <@ array['AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO']::text[]),
	CONSTRAINT "shipping_zones_ranges_check" CHECK (jsonb_typeof("shipping_zones"."cep_ranges") = 'array')
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "parcel_id" uuid;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "length_cm" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "width_cm" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "height_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_cm" integer;--> statement-breakpoint
ALTER TABLE "free_shipping_rules" ADD CONSTRAINT "free_shipping_rules_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_shipping_rules" ADD CONSTRAINT "free_shipping_rules_service_id_shipping_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."shipping_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_parcels" ADD CONSTRAINT "order_parcels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_parcels" ADD CONSTRAINT "order_parcels_service_id_shipping_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."shipping_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_service_id_shipping_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."shipping_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_parcels_position_idx" ON "order_parcels" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "order_parcels_melhorenvio_idx" ON "order_parcels" USING btree ("melhorenvio_order_id");--> statement-breakpoint
CREATE INDEX "order_parcels_tracking_idx" ON "order_parcels" USING btree ("label_status") WHERE "order_parcels"."melhorenvio_order_id" is not null and "order_parcels"."tracked_status" is distinct from 'delivered';--> statement-breakpoint
CREATE INDEX "shipping_rates_zone_idx" ON "shipping_rates" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_services_melhorenvio_idx" ON "shipping_services" USING btree ("melhorenvio_service_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_parcel_id_order_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."order_parcels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_package_check" CHECK (("product_variants"."weight_grams" is null and "product_variants"."length_cm" is null and "product_variants"."width_cm" is null and "product_variants"."height_cm" is null) or ("product_variants"."weight_grams" > 0 and "product_variants"."length_cm" > 0 and "product_variants"."width_cm" > 0 and "product_variants"."height_cm" > 0));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_package_check" CHECK (("products"."weight_grams" is null and "products"."length_cm" is null and "products"."width_cm" is null and "products"."height_cm" is null) or ("products"."weight_grams" > 0 and "products"."length_cm" > 0 and "products"."width_cm" > 0 and "products"."height_cm" > 0));--> statement-breakpoint
-- The store's freight tables (issue 33), for new and existing stores alike: "Entrega Clarear", free to all
-- of Brazil, is the one service on (the spec's "Grátis"); a realistic set of services, zones and prices waits
-- switched off in /admin/frete. Fixed ids (uuid v5) so the rows can reference each other here.
--> statement-breakpoint
INSERT INTO "shipping_zones" ("id", "name", "states", "cep_ranges") VALUES
  ('eb5a0cf0-13a8-5a1c-9497-f7fe92a7265f', 'Brasil', '{AC,AL,AP,AM,BA,CE,DF,ES,GO,MA,MT,MS,MG,PA,PB,PR,PE,PI,RJ,RN,RS,RO,RR,SC,SP,SE,TO}'::text[], '[]'::jsonb),
  ('b73707e1-9a89-5440-afd2-b8314a5f477c', 'Grande São Paulo', '{}'::text[], '[{"from": "01000000", "to": "09999999"}]'::jsonb),
  ('03101cd0-7543-5285-981b-2030b8d4f255', 'Estado de São Paulo', '{SP}'::text[], '[]'::jsonb),
  ('523e4418-069a-5625-82ff-1b948174ea9d', 'Sudeste (RJ, MG, ES)', '{RJ,MG,ES}'::text[], '[]'::jsonb),
  ('34160e1e-00d5-5250-b97a-dc361431470c', 'Sul', '{PR,SC,RS}'::text[], '[]'::jsonb),
  ('2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 'Centro-Oeste', '{DF,GO,MT,MS}'::text[], '[]'::jsonb),
  ('d1afa8cd-9147-5ab2-9e43-7049aa91a407', 'Nordeste', '{BA,SE,AL,PE,PB,RN,CE,PI,MA}'::text[], '[]'::jsonb),
  ('f153ebb7-b944-5a5e-b9fa-20b6389c292d', 'Norte', '{AM,PA,AC,RO,RR,AP,TO}'::text[], '[]'::jsonb);
--> statement-breakpoint
INSERT INTO "shipping_services" ("id", "name", "carrier", "accepted_hazard_classes", "handling_days", "melhorenvio_service_id", "active", "display_order") VALUES
  ('e7dcf528-cccb-5919-b67f-c0d024955c78', 'Entrega Clarear', 'propria', '{3,8}'::text[], 0, null, true, 0),
  ('391fc190-cbda-542f-be71-91bc491731e6', 'Correios PAC', 'correios', '{}'::text[], 1, 1, false, 1),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', 'Correios SEDEX', 'correios', '{}'::text[], 1, 2, false, 2),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', 'Jadlog .Package', 'jadlog', '{}'::text[], 1, 3, false, 3),
  ('02fc2e00-1b8d-5b6d-8388-1bb419668327', 'Transportadora de produtos perigosos', 'outra', '{3,8}'::text[], 1, null, false, 4),
  ('fa4d3509-5861-5efe-b0a3-71ff844c8a96', 'Entrega expressa Grande São Paulo (24 h)', 'propria', '{3,8}'::text[], 0, null, false, 5);
--> statement-breakpoint
INSERT INTO "shipping_rates" ("service_id", "zone_id", "max_weight_grams", "price", "deadline_days") VALUES
  ('e7dcf528-cccb-5919-b67f-c0d024955c78', 'b73707e1-9a89-5440-afd2-b8314a5f477c', null, 0.00, 1),
  ('e7dcf528-cccb-5919-b67f-c0d024955c78', 'eb5a0cf0-13a8-5a1c-9497-f7fe92a7265f', null, 0.00, 8),
  ('391fc190-cbda-542f-be71-91bc491731e6', 'b73707e1-9a89-5440-afd2-b8314a5f477c', 1000, 18.90, 3),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', 'b73707e1-9a89-5440-afd2-b8314a5f477c', 1000, 30.24, 1),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', 'b73707e1-9a89-5440-afd2-b8314a5f477c', 1000, 17.39, 3),
  ('391fc190-cbda-542f-be71-91bc491731e6', 'b73707e1-9a89-5440-afd2-b8314a5f477c', 2000, 21.50, 3),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', 'b73707e1-9a89-5440-afd2-b8314a5f477c', 2000, 34.40, 1),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', 'b73707e1-9a89-5440-afd2-b8314a5f477c', 2000, 19.78, 3),
  ('391fc190-cbda-542f-be71-91bc491731e6', 'b73707e1-9a89-5440-afd2-b8314a5f477c', 5000, 27.90, 3),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', 'b73707e1-9a89-5440-afd2-b8314a5f477c', 5000, 44.64, 1),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', 'b73707e1-9a89-5440-afd2-b8314a5f477c', 5000, 25.67, 3),
  ('391fc190-cbda-542f-be71-91bc491731e6', 'b73707e1-9a89-5440-afd2-b8314a5f477c', 10000, 39.90, 3),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', 'b73707e1-9a89-5440-afd2-b8314a5f477c', 10000, 63.84, 1),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', 'b73707e1-9a89-5440-afd2-b8314a5f477c', 10000, 36.71, 3),
  ('391fc190-cbda-542f-be71-91bc491731e6', 'b73707e1-9a89-5440-afd2-b8314a5f477c', 20000, 62.90, 3),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', 'b73707e1-9a89-5440-afd2-b8314a5f477c', 20000, 100.64, 1),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', 'b73707e1-9a89-5440-afd2-b8314a5f477c', 20000, 57.87, 3),
  ('391fc190-cbda-542f-be71-91bc491731e6', 'b73707e1-9a89-5440-afd2-b8314a5f477c', 30000, 84.90, 3),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', 'b73707e1-9a89-5440-afd2-b8314a5f477c', 30000, 135.84, 1),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', 'b73707e1-9a89-5440-afd2-b8314a5f477c', 30000, 78.11, 3),
  ('391fc190-cbda-542f-be71-91bc491731e6', '03101cd0-7543-5285-981b-2030b8d4f255', 1000, 21.90, 4),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '03101cd0-7543-5285-981b-2030b8d4f255', 1000, 35.04, 2),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '03101cd0-7543-5285-981b-2030b8d4f255', 1000, 20.15, 4),
  ('391fc190-cbda-542f-be71-91bc491731e6', '03101cd0-7543-5285-981b-2030b8d4f255', 2000, 25.40, 4),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '03101cd0-7543-5285-981b-2030b8d4f255', 2000, 40.64, 2),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '03101cd0-7543-5285-981b-2030b8d4f255', 2000, 23.37, 4),
  ('391fc190-cbda-542f-be71-91bc491731e6', '03101cd0-7543-5285-981b-2030b8d4f255', 5000, 33.90, 4),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '03101cd0-7543-5285-981b-2030b8d4f255', 5000, 54.24, 2),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '03101cd0-7543-5285-981b-2030b8d4f255', 5000, 31.19, 4),
  ('391fc190-cbda-542f-be71-91bc491731e6', '03101cd0-7543-5285-981b-2030b8d4f255', 10000, 48.90, 4),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '03101cd0-7543-5285-981b-2030b8d4f255', 10000, 78.24, 2),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '03101cd0-7543-5285-981b-2030b8d4f255', 10000, 44.99, 4),
  ('391fc190-cbda-542f-be71-91bc491731e6', '03101cd0-7543-5285-981b-2030b8d4f255', 20000, 76.90, 4),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '03101cd0-7543-5285-981b-2030b8d4f255', 20000, 123.04, 2),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '03101cd0-7543-5285-981b-2030b8d4f255', 20000, 70.75, 4),
  ('391fc190-cbda-542f-be71-91bc491731e6', '03101cd0-7543-5285-981b-2030b8d4f255', 30000, 104.90, 4),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '03101cd0-7543-5285-981b-2030b8d4f255', 30000, 167.84, 2),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '03101cd0-7543-5285-981b-2030b8d4f255', 30000, 96.51, 4),
  ('391fc190-cbda-542f-be71-91bc491731e6', '523e4418-069a-5625-82ff-1b948174ea9d', 1000, 26.90, 6),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '523e4418-069a-5625-82ff-1b948174ea9d', 1000, 43.04, 3),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '523e4418-069a-5625-82ff-1b948174ea9d', 1000, 24.75, 5),
  ('391fc190-cbda-542f-be71-91bc491731e6', '523e4418-069a-5625-82ff-1b948174ea9d', 2000, 31.90, 6),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '523e4418-069a-5625-82ff-1b948174ea9d', 2000, 51.04, 3),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '523e4418-069a-5625-82ff-1b948174ea9d', 2000, 29.35, 5),
  ('391fc190-cbda-542f-be71-91bc491731e6', '523e4418-069a-5625-82ff-1b948174ea9d', 5000, 44.90, 6),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '523e4418-069a-5625-82ff-1b948174ea9d', 5000, 71.84, 3),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '523e4418-069a-5625-82ff-1b948174ea9d', 5000, 41.31, 5),
  ('391fc190-cbda-542f-be71-91bc491731e6', '523e4418-069a-5625-82ff-1b948174ea9d', 10000, 64.90, 6),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '523e4418-069a-5625-82ff-1b948174ea9d', 10000, 103.84, 3),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '523e4418-069a-5625-82ff-1b948174ea9d', 10000, 59.71, 5),
  ('391fc190-cbda-542f-be71-91bc491731e6', '523e4418-069a-5625-82ff-1b948174ea9d', 20000, 102.90, 6),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '523e4418-069a-5625-82ff-1b948174ea9d', 20000, 164.64, 3),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '523e4418-069a-5625-82ff-1b948174ea9d', 20000, 94.67, 5),
  ('391fc190-cbda-542f-be71-91bc491731e6', '523e4418-069a-5625-82ff-1b948174ea9d', 30000, 139.90, 6),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '523e4418-069a-5625-82ff-1b948174ea9d', 30000, 223.84, 3),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '523e4418-069a-5625-82ff-1b948174ea9d', 30000, 128.71, 5),
  ('391fc190-cbda-542f-be71-91bc491731e6', '34160e1e-00d5-5250-b97a-dc361431470c', 1000, 29.90, 7),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '34160e1e-00d5-5250-b97a-dc361431470c', 1000, 47.84, 4),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '34160e1e-00d5-5250-b97a-dc361431470c', 1000, 27.51, 6),
  ('391fc190-cbda-542f-be71-91bc491731e6', '34160e1e-00d5-5250-b97a-dc361431470c', 2000, 35.90, 7),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '34160e1e-00d5-5250-b97a-dc361431470c', 2000, 57.44, 4),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '34160e1e-00d5-5250-b97a-dc361431470c', 2000, 33.03, 6),
  ('391fc190-cbda-542f-be71-91bc491731e6', '34160e1e-00d5-5250-b97a-dc361431470c', 5000, 51.90, 7),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '34160e1e-00d5-5250-b97a-dc361431470c', 5000, 83.04, 4),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '34160e1e-00d5-5250-b97a-dc361431470c', 5000, 47.75, 6),
  ('391fc190-cbda-542f-be71-91bc491731e6', '34160e1e-00d5-5250-b97a-dc361431470c', 10000, 76.90, 7),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '34160e1e-00d5-5250-b97a-dc361431470c', 10000, 123.04, 4),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '34160e1e-00d5-5250-b97a-dc361431470c', 10000, 70.75, 6),
  ('391fc190-cbda-542f-be71-91bc491731e6', '34160e1e-00d5-5250-b97a-dc361431470c', 20000, 121.90, 7),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '34160e1e-00d5-5250-b97a-dc361431470c', 20000, 195.04, 4),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '34160e1e-00d5-5250-b97a-dc361431470c', 20000, 112.15, 6),
  ('391fc190-cbda-542f-be71-91bc491731e6', '34160e1e-00d5-5250-b97a-dc361431470c', 30000, 164.90, 7),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '34160e1e-00d5-5250-b97a-dc361431470c', 30000, 263.84, 4),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '34160e1e-00d5-5250-b97a-dc361431470c', 30000, 151.71, 6),
  ('391fc190-cbda-542f-be71-91bc491731e6', '2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 1000, 32.90, 8),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 1000, 52.64, 4),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 1000, 30.27, 7),
  ('391fc190-cbda-542f-be71-91bc491731e6', '2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 2000, 39.90, 8),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 2000, 63.84, 4),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 2000, 36.71, 7),
  ('391fc190-cbda-542f-be71-91bc491731e6', '2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 5000, 58.90, 8),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 5000, 94.24, 4),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 5000, 54.19, 7),
  ('391fc190-cbda-542f-be71-91bc491731e6', '2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 10000, 87.90, 8),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 10000, 140.64, 4),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 10000, 80.87, 7),
  ('391fc190-cbda-542f-be71-91bc491731e6', '2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 20000, 139.90, 8),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 20000, 223.84, 4),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 20000, 128.71, 7),
  ('391fc190-cbda-542f-be71-91bc491731e6', '2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 30000, 189.90, 8),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', '2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 30000, 303.84, 4),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', '2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 30000, 174.71, 7),
  ('391fc190-cbda-542f-be71-91bc491731e6', 'd1afa8cd-9147-5ab2-9e43-7049aa91a407', 1000, 38.90, 10),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', 'd1afa8cd-9147-5ab2-9e43-7049aa91a407', 1000, 62.24, 5),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', 'd1afa8cd-9147-5ab2-9e43-7049aa91a407', 1000, 35.79, 9),
  ('391fc190-cbda-542f-be71-91bc491731e6', 'd1afa8cd-9147-5ab2-9e43-7049aa91a407', 2000, 47.90, 10),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', 'd1afa8cd-9147-5ab2-9e43-7049aa91a407', 2000, 76.64, 5),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', 'd1afa8cd-9147-5ab2-9e43-7049aa91a407', 2000, 44.07, 9),
  ('391fc190-cbda-542f-be71-91bc491731e6', 'd1afa8cd-9147-5ab2-9e43-7049aa91a407', 5000, 72.90, 10),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', 'd1afa8cd-9147-5ab2-9e43-7049aa91a407', 5000, 116.64, 5),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', 'd1afa8cd-9147-5ab2-9e43-7049aa91a407', 5000, 67.07, 9),
  ('391fc190-cbda-542f-be71-91bc491731e6', 'd1afa8cd-9147-5ab2-9e43-7049aa91a407', 10000, 109.90, 10),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', 'd1afa8cd-9147-5ab2-9e43-7049aa91a407', 10000, 175.84, 5),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', 'd1afa8cd-9147-5ab2-9e43-7049aa91a407', 10000, 101.11, 9),
  ('391fc190-cbda-542f-be71-91bc491731e6', 'd1afa8cd-9147-5ab2-9e43-7049aa91a407', 20000, 176.90, 10),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', 'd1afa8cd-9147-5ab2-9e43-7049aa91a407', 20000, 283.04, 5),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', 'd1afa8cd-9147-5ab2-9e43-7049aa91a407', 20000, 162.75, 9),
  ('391fc190-cbda-542f-be71-91bc491731e6', 'd1afa8cd-9147-5ab2-9e43-7049aa91a407', 30000, 239.90, 10),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', 'd1afa8cd-9147-5ab2-9e43-7049aa91a407', 30000, 383.84, 5),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', 'd1afa8cd-9147-5ab2-9e43-7049aa91a407', 30000, 220.71, 9),
  ('391fc190-cbda-542f-be71-91bc491731e6', 'f153ebb7-b944-5a5e-b9fa-20b6389c292d', 1000, 44.90, 12),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', 'f153ebb7-b944-5a5e-b9fa-20b6389c292d', 1000, 71.84, 6),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', 'f153ebb7-b944-5a5e-b9fa-20b6389c292d', 1000, 41.31, 11),
  ('391fc190-cbda-542f-be71-91bc491731e6', 'f153ebb7-b944-5a5e-b9fa-20b6389c292d', 2000, 55.90, 12),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', 'f153ebb7-b944-5a5e-b9fa-20b6389c292d', 2000, 89.44, 6),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', 'f153ebb7-b944-5a5e-b9fa-20b6389c292d', 2000, 51.43, 11),
  ('391fc190-cbda-542f-be71-91bc491731e6', 'f153ebb7-b944-5a5e-b9fa-20b6389c292d', 5000, 86.90, 12),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', 'f153ebb7-b944-5a5e-b9fa-20b6389c292d', 5000, 139.04, 6),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', 'f153ebb7-b944-5a5e-b9fa-20b6389c292d', 5000, 79.95, 11),
  ('391fc190-cbda-542f-be71-91bc491731e6', 'f153ebb7-b944-5a5e-b9fa-20b6389c292d', 10000, 131.90, 12),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', 'f153ebb7-b944-5a5e-b9fa-20b6389c292d', 10000, 211.04, 6),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', 'f153ebb7-b944-5a5e-b9fa-20b6389c292d', 10000, 121.35, 11),
  ('391fc190-cbda-542f-be71-91bc491731e6', 'f153ebb7-b944-5a5e-b9fa-20b6389c292d', 20000, 214.90, 12),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', 'f153ebb7-b944-5a5e-b9fa-20b6389c292d', 20000, 343.84, 6),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', 'f153ebb7-b944-5a5e-b9fa-20b6389c292d', 20000, 197.71, 11),
  ('391fc190-cbda-542f-be71-91bc491731e6', 'f153ebb7-b944-5a5e-b9fa-20b6389c292d', 30000, 289.90, 12),
  ('c57d7858-6b98-5d40-874e-af162c6feb42', 'f153ebb7-b944-5a5e-b9fa-20b6389c292d', 30000, 463.84, 6),
  ('82322a3e-0cb0-5b3d-848c-d548908e7ba8', 'f153ebb7-b944-5a5e-b9fa-20b6389c292d', 30000, 266.71, 11),
  ('02fc2e00-1b8d-5b6d-8388-1bb419668327', '03101cd0-7543-5285-981b-2030b8d4f255', 5000, 34.90, 3),
  ('02fc2e00-1b8d-5b6d-8388-1bb419668327', '03101cd0-7543-5285-981b-2030b8d4f255', 10000, 44.90, 3),
  ('02fc2e00-1b8d-5b6d-8388-1bb419668327', '03101cd0-7543-5285-981b-2030b8d4f255', 30000, 79.90, 3),
  ('02fc2e00-1b8d-5b6d-8388-1bb419668327', '523e4418-069a-5625-82ff-1b948174ea9d', 5000, 49.90, 5),
  ('02fc2e00-1b8d-5b6d-8388-1bb419668327', '523e4418-069a-5625-82ff-1b948174ea9d', 10000, 64.90, 5),
  ('02fc2e00-1b8d-5b6d-8388-1bb419668327', '523e4418-069a-5625-82ff-1b948174ea9d', 30000, 119.90, 5),
  ('02fc2e00-1b8d-5b6d-8388-1bb419668327', '34160e1e-00d5-5250-b97a-dc361431470c', 5000, 59.90, 6),
  ('02fc2e00-1b8d-5b6d-8388-1bb419668327', '34160e1e-00d5-5250-b97a-dc361431470c', 10000, 79.90, 6),
  ('02fc2e00-1b8d-5b6d-8388-1bb419668327', '34160e1e-00d5-5250-b97a-dc361431470c', 30000, 139.90, 6),
  ('02fc2e00-1b8d-5b6d-8388-1bb419668327', '2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 5000, 69.90, 7),
  ('02fc2e00-1b8d-5b6d-8388-1bb419668327', '2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 10000, 94.90, 7),
  ('02fc2e00-1b8d-5b6d-8388-1bb419668327', '2b3b8e70-b4ed-54b0-90f7-f5d76fefe0b0', 30000, 169.90, 7),
  ('fa4d3509-5861-5efe-b0a3-71ff844c8a96', 'b73707e1-9a89-5440-afd2-b8314a5f477c', 30000, 24.90, 1);
--> statement-breakpoint
INSERT INTO "free_shipping_rules" ("name", "zone_id", "service_id", "min_subtotal", "subscribers_only", "active") VALUES
  ('Frete grátis para assinantes', null, null, null, true, true),
  ('Frete grátis para todos os pedidos', null, null, null, false, false),
  ('Frete grátis acima de R$ 199,00 na Grande São Paulo', 'b73707e1-9a89-5440-afd2-b8314a5f477c', null, 199.00, false, false);
