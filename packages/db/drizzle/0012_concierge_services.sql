CREATE TABLE "booking_concierge" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"add_on_id" integer NOT NULL,
	"name" text NOT NULL,
	"option" text,
	"service_date" date NOT NULL,
	"service_time" text NOT NULL,
	"price_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_intent_id" text,
	"refund_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "booking_concierge_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "booking_concierge_price_valid" CHECK ("booking_concierge"."price_cents" > 0),
	CONSTRAINT "booking_concierge_status_valid" CHECK ("booking_concierge"."status" IN ('pending', 'paid', 'cancelled', 'abandoned'))
);
--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "purpose" text DEFAULT 'stay' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_concierge" ADD CONSTRAINT "booking_concierge_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_concierge" ADD CONSTRAINT "booking_concierge_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_concierge" ADD CONSTRAINT "booking_concierge_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_concierge_booking" ON "booking_concierge" USING btree ("booking_id","service_date");--> statement-breakpoint
CREATE INDEX "booking_concierge_schedule" ON "booking_concierge" USING btree ("service_date","service_time");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_concierge_one_chef_per_evening" ON "booking_concierge" USING btree ("property_id","service_date") WHERE "booking_concierge"."add_on_id" = 3 AND "booking_concierge"."status" = 'paid';--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_purpose_valid" CHECK ("payment_intents"."purpose" IN ('stay', 'concierge'));