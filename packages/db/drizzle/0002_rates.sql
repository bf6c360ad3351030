CREATE TABLE "property_rates" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"nightly_cents" integer NOT NULL,
	"weekend_cents" integer NOT NULL,
	"cleaning_fee_cents" integer NOT NULL,
	"min_stay" integer DEFAULT 1 NOT NULL,
	"tax_jurisdiction_id" text NOT NULL,
	CONSTRAINT "property_rates_amounts_valid" CHECK ("property_rates"."nightly_cents" >= 0 AND "property_rates"."weekend_cents" >= 0 AND "property_rates"."cleaning_fee_cents" >= 0 AND "property_rates"."min_stay" >= 1)
);
--> statement-breakpoint
CREATE TABLE "seasonal_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"nightly_cents" integer NOT NULL,
	"weekend_cents" integer NOT NULL,
	"min_stay" integer NOT NULL,
	CONSTRAINT "seasonal_rates_valid" CHECK ("seasonal_rates"."end_date" > "seasonal_rates"."start_date" AND "seasonal_rates"."nightly_cents" >= 0 AND "seasonal_rates"."weekend_cents" >= 0 AND "seasonal_rates"."min_stay" >= 1)
);
--> statement-breakpoint
CREATE TABLE "tax_jurisdictions" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rate_bps" integer NOT NULL,
	CONSTRAINT "tax_jurisdictions_rate_valid" CHECK ("tax_jurisdictions"."rate_bps" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
ALTER TABLE "property_rates" ADD CONSTRAINT "property_rates_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_rates" ADD CONSTRAINT "property_rates_tax_jurisdiction_id_tax_jurisdictions_id_fk" FOREIGN KEY ("tax_jurisdiction_id") REFERENCES "public"."tax_jurisdictions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasonal_rates" ADD CONSTRAINT "seasonal_rates_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seasonal_rates_property" ON "seasonal_rates" USING btree ("property_id","start_date");