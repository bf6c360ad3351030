CREATE TABLE "calendar_exports" (
	"property_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_exports_property_id_channel_pk" PRIMARY KEY("property_id","channel"),
	CONSTRAINT "calendar_exports_token_unique" UNIQUE("token"),
	CONSTRAINT "calendar_exports_channel_valid" CHECK ("calendar_exports"."channel" IN ('airbnb', 'vrbo', 'booking', 'other'))
);
--> statement-breakpoint
CREATE TABLE "calendar_feed_events" (
	"feed_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"summary" text,
	"stay_id" uuid,
	"conflict_with" text,
	"conflict_emailed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feed_events_feed_id_uid_pk" PRIMARY KEY("feed_id","uid"),
	CONSTRAINT "calendar_feed_events_nights" CHECK ("calendar_feed_events"."check_out" > "calendar_feed_events"."check_in")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"channel" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_sync_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"failing_since" timestamp with time zone,
	"failure_emailed_at" timestamp with time zone,
	"event_count" integer DEFAULT 0 NOT NULL,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_channel_valid" CHECK ("calendar_feeds"."channel" IN ('airbnb', 'vrbo', 'booking', 'other'))
);
--> statement-breakpoint
ALTER TABLE "calendar_exports" ADD CONSTRAINT "calendar_exports_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feed_events" ADD CONSTRAINT "calendar_feed_events_feed_id_calendar_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."calendar_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feed_events" ADD CONSTRAINT "calendar_feed_events_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_feeds_property" ON "calendar_feeds" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "calendar_feeds_due" ON "calendar_feeds" USING btree ("next_sync_at");