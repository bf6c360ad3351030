CREATE TABLE "property_tax_lines" (
	"property_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"jurisdiction" text NOT NULL,
	"rate_bps" integer NOT NULL,
	"cleaning_taxable" boolean NOT NULL,
	"add_ons_taxable" boolean NOT NULL,
	"exempt_from_nights" integer,
	CONSTRAINT "property_tax_lines_property_id_position_pk" PRIMARY KEY("property_id","position"),
	CONSTRAINT "property_tax_lines_name" UNIQUE("property_id","jurisdiction","name"),
	CONSTRAINT "property_tax_lines_valid" CHECK ("property_tax_lines"."rate_bps" BETWEEN 0 AND 10000 AND "property_tax_lines"."position" >= 0 AND ("property_tax_lines"."exempt_from_nights" IS NULL OR "property_tax_lines"."exempt_from_nights" >= 1))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "property_tax_lines" ADD CONSTRAINT "property_tax_lines_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The rate tables keep every home's tax lines in memory (ADR 018): announce their changes like the rates'.
CREATE TRIGGER "property_tax_lines_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "property_tax_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "sas_notify_cache_change"();
