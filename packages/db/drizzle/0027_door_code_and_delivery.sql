ALTER TABLE "email_outbox" ADD COLUMN "delivery" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "delivery_detail" text;--> statement-breakpoint
ALTER TABLE "guest_messages" ADD COLUMN "delivery" text;--> statement-breakpoint
ALTER TABLE "guest_messages" ADD COLUMN "delivery_detail" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "door_code" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_delivery_valid" CHECK ("email_outbox"."delivery" IN ('accepted', 'delivered', 'bounced'));--> statement-breakpoint
ALTER TABLE "guest_messages" ADD CONSTRAINT "guest_messages_delivery_valid" CHECK ("guest_messages"."delivery" IN ('accepted', 'delivered', 'bounced'));