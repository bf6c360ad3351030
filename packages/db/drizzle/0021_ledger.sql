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
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_accounts" ADD CONSTRAINT "owner_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_at" ON "ledger_entries" USING btree ("at");--> statement-breakpoint
CREATE INDEX "ledger_entries_booking" ON "ledger_entries" USING btree ("booking_id");