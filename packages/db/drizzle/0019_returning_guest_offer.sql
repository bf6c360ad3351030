CREATE TABLE "returning_guest_offer" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"percent_bps" integer NOT NULL,
	"valid_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returning_guest_offer_single" CHECK ("returning_guest_offer"."id"),
	CONSTRAINT "returning_guest_offer_valid" CHECK ("returning_guest_offer"."percent_bps" BETWEEN 1 AND 10000 AND "returning_guest_offer"."valid_days" BETWEEN 1 AND 730)
);
