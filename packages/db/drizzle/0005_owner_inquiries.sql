CREATE TABLE "owner_inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"property_location" text NOT NULL,
	"bedrooms" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_inquiries_bedrooms_valid" CHECK ("owner_inquiries"."bedrooms" BETWEEN 0 AND 50)
);
--> statement-breakpoint
CREATE INDEX "owner_inquiries_created" ON "owner_inquiries" USING btree ("created_at");