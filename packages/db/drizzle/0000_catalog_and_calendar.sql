CREATE TABLE "nearby_places" (
	"id" uuid PRIMARY KEY NOT NULL,
	"property_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"distance" text NOT NULL,
	"photo_key" text,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY NOT NULL,
	"property_id" text NOT NULL,
	"slug" text NOT NULL,
	"public_name" text,
	"name" text NOT NULL,
	"summary" text NOT NULL,
	"description" text NOT NULL,
	"bedrooms" integer NOT NULL,
	"bathrooms" real NOT NULL,
	"garages" integer DEFAULT 0 NOT NULL,
	"area" integer NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"time_zone" text NOT NULL,
	"images" jsonb NOT NULL,
	"amenities" jsonb NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"booking_widget_url" text,
	"matterport_url" text,
	"max_guests" integer NOT NULL,
	"pets_allowed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "properties_property_id_unique" UNIQUE("property_id"),
	CONSTRAINT "properties_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "property_collections" (
	"property_id" uuid NOT NULL,
	"collection" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "property_collections_collection_property_id_pk" PRIMARY KEY("collection","property_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"property_id" uuid NOT NULL,
	"guest_name" text,
	"platform" text NOT NULL,
	"rating" real NOT NULL,
	"review_text" text NOT NULL,
	"reviewed_at_date" text,
	"profile_picture_url" text
);
--> statement-breakpoint
CREATE TABLE "stays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"nights" daterange NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nearby_places" ADD CONSTRAINT "nearby_places_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_collections" ADD CONSTRAINT "property_collections_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nearby_places_property" ON "nearby_places" USING btree ("property_id","position");--> statement-breakpoint
CREATE INDEX "property_collections_order" ON "property_collections" USING btree ("collection","position");--> statement-breakpoint
CREATE INDEX "reviews_property" ON "reviews" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "stays_property" ON "stays" USING btree ("property_id");