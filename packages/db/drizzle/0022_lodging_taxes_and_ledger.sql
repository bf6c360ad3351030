CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"movement" text NOT NULL,
	"kind" text NOT NULL,
	"line" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"account" text NOT NULL,
	"party" text,
	"detail" text,
	"debit_cents" integer DEFAULT 0 NOT NULL,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"booking_id" uuid,
	"property_id" uuid,
	"memo" text NOT NULL,
	"reference" text,
	CONSTRAINT "ledger_entries_movement_line" UNIQUE("movement","line"),
	CONSTRAINT "ledger_entries_amount_valid" CHECK ("ledger_entries"."debit_cents" >= 0 AND "ledger_entries"."credit_cents" >= 0 AND ("ledger_entries"."debit_cents" = 0) <> ("ledger_entries"."credit_cents" = 0))
);
--> statement-breakpoint
CREATE TABLE "owner_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"commission_bps" integer NOT NULL,
	"payout_details" text DEFAULT '' NOT NULL,
	CONSTRAINT "owner_accounts_commission_valid" CHECK ("owner_accounts"."commission_bps" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
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
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_accounts" ADD CONSTRAINT "owner_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_tax_lines" ADD CONSTRAINT "property_tax_lines_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_at" ON "ledger_entries" USING btree ("at");--> statement-breakpoint
CREATE INDEX "ledger_entries_booking" ON "ledger_entries" USING btree ("booking_id");--> statement-breakpoint
-- The rate tables keep every home's tax lines in memory (ADR 018): announce their changes like the rates'.
CREATE TRIGGER "property_tax_lines_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "property_tax_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "sas_notify_cache_change"();
--> statement-breakpoint
-- A home's tax lines move what Google is told (TaxFeeInfo, ADR 044): queue the home like a rate change.
CREATE TRIGGER "property_tax_lines_google_queue" AFTER INSERT OR UPDATE OR DELETE ON "property_tax_lines"
  FOR EACH ROW EXECUTE FUNCTION "sas_google_queue_row"();
