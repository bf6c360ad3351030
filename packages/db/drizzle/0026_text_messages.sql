CREATE TABLE "text_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "text_phone" text;--> statement-breakpoint
ALTER TABLE "guest_messages" ADD COLUMN "provider_message_id" text;