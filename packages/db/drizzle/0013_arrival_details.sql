ALTER TABLE "properties" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "check_in_time" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "arrival_instructions" text;