CREATE TABLE "collection_discounts" (
	"collection" text PRIMARY KEY NOT NULL,
	"weekly_bps" integer DEFAULT 0 NOT NULL,
	"monthly_bps" integer DEFAULT 0 NOT NULL,
	"last_minute_days" integer,
	"last_minute_bps" integer,
	"early_bird_days" integer,
	"early_bird_bps" integer,
	"gap_max_nights" integer,
	"gap_bps" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_discounts_collection_valid" CHECK ("collection_discounts"."collection" IN ('essentials', 'resort', 'luxury', 'michigan')),
	CONSTRAINT "collection_discounts_valid" CHECK ("collection_discounts"."weekly_bps" BETWEEN 0 AND 9000 AND "collection_discounts"."monthly_bps" BETWEEN 0 AND 9000
        AND ("collection_discounts"."last_minute_days" IS NULL) = ("collection_discounts"."last_minute_bps" IS NULL)
        AND ("collection_discounts"."early_bird_days" IS NULL) = ("collection_discounts"."early_bird_bps" IS NULL)
        AND ("collection_discounts"."gap_max_nights" IS NULL) = ("collection_discounts"."gap_bps" IS NULL)
        AND coalesce("collection_discounts"."last_minute_bps", 0) BETWEEN 0 AND 9000 AND coalesce("collection_discounts"."early_bird_bps", 0) BETWEEN 0 AND 9000
        AND coalesce("collection_discounts"."gap_bps", 0) BETWEEN 0 AND 9000 AND coalesce("collection_discounts"."gap_max_nights", 1) BETWEEN 1 AND 3)
);
--> statement-breakpoint
CREATE TABLE "promotion_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promotion_id" uuid NOT NULL,
	"hold_id" uuid,
	"booking_id" uuid,
	"email" text,
	"discount_cents" integer NOT NULL,
	"status" text DEFAULT 'reserved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_redemptions_status_valid" CHECK ("promotion_redemptions"."status" IN ('reserved', 'redeemed'))
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_nights" integer,
	"stay_from" date,
	"stay_to" date,
	"book_from" date,
	"book_to" date,
	"homes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"collections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_uses" integer,
	"max_uses_per_guest" integer,
	"combinable" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"guest_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "promotions_kind_valid" CHECK ("promotions"."kind" IN ('percent', 'amount')),
	CONSTRAINT "promotions_status_valid" CHECK ("promotions"."status" IN ('active', 'paused')),
	CONSTRAINT "promotions_value_valid" CHECK ("promotions"."value" > 0 AND ("promotions"."kind" = 'amount' OR "promotions"."value" <= 10000)
        AND coalesce("promotions"."min_nights", 1) >= 1 AND coalesce("promotions"."max_uses", 1) >= 1 AND coalesce("promotions"."max_uses_per_guest", 1) >= 1)
);
--> statement-breakpoint
CREATE TABLE "property_discounts" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"weekly_bps" integer DEFAULT 0 NOT NULL,
	"monthly_bps" integer DEFAULT 0 NOT NULL,
	"last_minute_days" integer,
	"last_minute_bps" integer,
	"early_bird_days" integer,
	"early_bird_bps" integer,
	"gap_max_nights" integer,
	"gap_bps" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_discounts_valid" CHECK ("property_discounts"."weekly_bps" BETWEEN 0 AND 9000 AND "property_discounts"."monthly_bps" BETWEEN 0 AND 9000
        AND ("property_discounts"."last_minute_days" IS NULL) = ("property_discounts"."last_minute_bps" IS NULL)
        AND ("property_discounts"."early_bird_days" IS NULL) = ("property_discounts"."early_bird_bps" IS NULL)
        AND ("property_discounts"."gap_max_nights" IS NULL) = ("property_discounts"."gap_bps" IS NULL)
        AND coalesce("property_discounts"."last_minute_bps", 0) BETWEEN 0 AND 9000 AND coalesce("property_discounts"."early_bird_bps", 0) BETWEEN 0 AND 9000
        AND coalesce("property_discounts"."gap_bps", 0) BETWEEN 0 AND 9000 AND coalesce("property_discounts"."gap_max_nights", 1) BETWEEN 1 AND 3)
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_total_valid";--> statement-breakpoint
ALTER TABLE "payment_intents" DROP CONSTRAINT "payment_intents_amount_valid";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "discounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "discounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_hold_id_stays_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."stays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_discounts" ADD CONSTRAINT "property_discounts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_redemptions_promotion" ON "promotion_redemptions" USING btree ("promotion_id");--> statement-breakpoint
CREATE INDEX "promotion_redemptions_hold" ON "promotion_redemptions" USING btree ("hold_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_unique" ON "promotions" USING btree (lower("code")) WHERE "promotions"."deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_discount_valid" CHECK ("bookings"."discount_cents" >= 0 AND "bookings"."discount_cents" <= "bookings"."base_cents");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_total_valid" CHECK ("bookings"."total_cents" = "bookings"."base_cents" - "bookings"."discount_cents" + "bookings"."fees_cents" + "bookings"."taxes_cents" + "bookings"."add_ons_cents");--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_discount_valid" CHECK ("payment_intents"."discount_cents" >= 0 AND "payment_intents"."discount_cents" <= "payment_intents"."base_cents");--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_amount_valid" CHECK ("payment_intents"."amount_cents" > 0 AND ("payment_intents"."purpose" IN ('installment', 'deposit', 'validation') OR ("payment_intents"."plan" = 'installments' AND "payment_intents"."amount_cents" <= "payment_intents"."base_cents" - "payment_intents"."discount_cents" + "payment_intents"."fees_cents" + "payment_intents"."taxes_cents" + "payment_intents"."add_ons_cents") OR "payment_intents"."amount_cents" = "payment_intents"."base_cents" - "payment_intents"."discount_cents" + "payment_intents"."fees_cents" + "payment_intents"."taxes_cents" + "payment_intents"."add_ons_cents"));