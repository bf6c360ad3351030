CREATE TABLE "email_unsubscribes" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"template" text NOT NULL,
	"channel" text DEFAULT 'email' NOT NULL,
	"date" date NOT NULL,
	"dedupe_key" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"late_after" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"reason" text,
	"sent_at" timestamp with time zone,
	"outbox_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_messages_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "guest_messages_status_valid" CHECK ("guest_messages"."status" IN ('scheduled', 'sent', 'skipped', 'failed', 'cancelled')),
	CONSTRAINT "guest_messages_channel_valid" CHECK ("guest_messages"."channel" IN ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"name" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"offset_days" integer NOT NULL,
	"time" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "source" text DEFAULT 'imported' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "stayed_on" date;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "ratings" jsonb;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guest_messages" ADD CONSTRAINT "guest_messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_messages" ADD CONSTRAINT "guest_messages_outbox_id_email_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_messages_due" ON "guest_messages" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "guest_messages_booking" ON "guest_messages" USING btree ("booking_id","due_at");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_unique" ON "reviews" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "reviews_status" ON "reviews" USING btree ("status");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_source_valid" CHECK ("reviews"."source" IN ('imported', 'guest'));--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_status_valid" CHECK ("reviews"."status" IN ('pending', 'published', 'hidden'));--> statement-breakpoint
UPDATE "reviews" SET "status" = 'hidden' WHERE "hidden";