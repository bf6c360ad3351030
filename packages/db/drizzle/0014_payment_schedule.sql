CREATE TABLE "booking_deposits" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"hold_from" timestamp with time zone NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"validation_intent_id" text,
	"validation_status" text DEFAULT 'pending' NOT NULL,
	"hold_intent_id" text,
	"previous_hold_intent_id" text,
	"held_at" timestamp with time zone,
	"hold_count" integer DEFAULT 0 NOT NULL,
	"step" integer DEFAULT 1 NOT NULL,
	"claimed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"captured_cents" integer,
	"capture_reason" text,
	"capture_note" text,
	"captured_by" uuid,
	"settled_at" timestamp with time zone,
	CONSTRAINT "booking_deposits_amount_valid" CHECK ("booking_deposits"."amount_cents" > 0 AND "booking_deposits"."amount_cents" <= 100000),
	CONSTRAINT "booking_deposits_status_valid" CHECK ("booking_deposits"."status" IN ('scheduled', 'held', 'released', 'captured', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "booking_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"payment_intent_id" text,
	"attempt" integer DEFAULT 1 NOT NULL,
	"claimed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"pay_by" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "booking_payments_amount_valid" CHECK ("booking_payments"."amount_cents" > 0),
	CONSTRAINT "booking_payments_status_valid" CHECK ("booking_payments"."status" IN ('scheduled', 'paid', 'failed', 'waived'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"capture_method" text NOT NULL,
	"captured_cents" integer,
	"last_error" text,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_charges_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payment_intents" DROP CONSTRAINT "payment_intents_purpose_valid";--> statement-breakpoint
ALTER TABLE "payment_intents" DROP CONSTRAINT "payment_intents_amount_valid";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "agreement" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_plan" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "plan" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "agreement" jsonb;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "capture_method" text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "save_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "captured_cents" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "deposit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "age_restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_deposits" ADD CONSTRAINT "booking_deposits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_deposits" ADD CONSTRAINT "booking_deposits_validation_intent_id_payment_intents_id_fk" FOREIGN KEY ("validation_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_deposits" ADD CONSTRAINT "booking_deposits_hold_intent_id_payment_intents_id_fk" FOREIGN KEY ("hold_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_deposits" ADD CONSTRAINT "booking_deposits_previous_hold_intent_id_payment_intents_id_fk" FOREIGN KEY ("previous_hold_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_deposits" ADD CONSTRAINT "booking_deposits_captured_by_users_id_fk" FOREIGN KEY ("captured_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_deposits_status" ON "booking_deposits" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_payments_seq" ON "booking_payments" USING btree ("booking_id","seq");--> statement-breakpoint
CREATE INDEX "booking_payments_due" ON "booking_payments" USING btree ("status","due_date");--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_intents_booking" ON "payment_intents" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_plan_valid" CHECK ("payment_intents"."plan" IN ('full', 'installments'));--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_purpose_valid" CHECK ("payment_intents"."purpose" IN ('stay', 'concierge', 'installment', 'deposit', 'validation'));--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_amount_valid" CHECK ("payment_intents"."amount_cents" > 0 AND ("payment_intents"."purpose" IN ('installment', 'deposit', 'validation') OR ("payment_intents"."plan" = 'installments' AND "payment_intents"."amount_cents" <= "payment_intents"."base_cents" + "payment_intents"."fees_cents" + "payment_intents"."taxes_cents" + "payment_intents"."add_ons_cents") OR "payment_intents"."amount_cents" = "payment_intents"."base_cents" + "payment_intents"."fees_cents" + "payment_intents"."taxes_cents" + "payment_intents"."add_ons_cents"));