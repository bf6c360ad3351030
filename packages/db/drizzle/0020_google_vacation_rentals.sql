CREATE TABLE "google_ari_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"property_id" uuid NOT NULL,
	"source" text NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_ari_homes" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"sent" jsonb,
	"sent_at" timestamp with time zone,
	"full_sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"blocked_reason" text
);
--> statement-breakpoint
CREATE TABLE "google_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"feed_token" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "google_settings_single" CHECK ("google_settings"."id")
);
--> statement-breakpoint
CREATE TABLE "google_twin_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"itineraries" integer NOT NULL,
	"mismatches" integer NOT NULL,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "lodging_license" text;--> statement-breakpoint
ALTER TABLE "google_ari_changes" ADD CONSTRAINT "google_ari_changes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_ari_homes" ADD CONSTRAINT "google_ari_homes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "google_ari_changes_due" ON "google_ari_changes" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "google_ari_changes_home" ON "google_ari_changes" USING btree ("property_id","id");--> statement-breakpoint
-- The Google push queue (issue 27, ADR 044) is written by the database: every
-- write that may move a home's price, nights or minimum stay queues the home,
-- in the writer's transaction, whoever writes (the app, the iCal sync, the
-- seed, psql). A payment hold queues its home twice: now (its nights close)
-- and at its expiry (they reopen then, with no write). Rows of a home that is
-- being deleted are not queued: it has nothing left to send.
CREATE FUNCTION "sas_google_queue_home"(home uuid, source text, due timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF home IS NOT NULL AND EXISTS (SELECT 1 FROM "properties" WHERE "id" = home) THEN
    INSERT INTO "google_ari_changes" ("property_id", "source", "due_at") VALUES (home, source, due);
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "sas_google_queue_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  home uuid;
  old_home uuid;
BEGIN
  IF TG_TABLE_NAME = 'properties' THEN
    home := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW."id" END;
  ELSE
    home := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW."property_id" END;
    old_home := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD."property_id" END;
  END IF;
  PERFORM "sas_google_queue_home"(home, TG_TABLE_NAME, now());
  IF old_home IS DISTINCT FROM home THEN
    PERFORM "sas_google_queue_home"(old_home, TG_TABLE_NAME, now());
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "sas_google_queue_hold_lapse"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."kind" = 'hold' AND NEW."status" = 'active' AND NEW."expires_at" IS NOT NULL AND NEW."expires_at" > now() THEN
    PERFORM "sas_google_queue_home"(NEW."property_id", 'hold-lapse', NEW."expires_at");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "stays_google_queue" AFTER INSERT OR UPDATE OR DELETE ON "stays"
  FOR EACH ROW EXECUTE FUNCTION "sas_google_queue_row"();
--> statement-breakpoint
CREATE TRIGGER "stays_google_queue_hold_lapse" AFTER INSERT OR UPDATE ON "stays"
  FOR EACH ROW EXECUTE FUNCTION "sas_google_queue_hold_lapse"();
--> statement-breakpoint
CREATE TRIGGER "property_rates_google_queue" AFTER INSERT OR UPDATE OR DELETE ON "property_rates"
  FOR EACH ROW EXECUTE FUNCTION "sas_google_queue_row"();
--> statement-breakpoint
CREATE TRIGGER "seasonal_rates_google_queue" AFTER INSERT OR UPDATE OR DELETE ON "seasonal_rates"
  FOR EACH ROW EXECUTE FUNCTION "sas_google_queue_row"();
--> statement-breakpoint
CREATE TRIGGER "property_discounts_google_queue" AFTER INSERT OR UPDATE OR DELETE ON "property_discounts"
  FOR EACH ROW EXECUTE FUNCTION "sas_google_queue_row"();
--> statement-breakpoint
CREATE TRIGGER "property_collections_google_queue" AFTER INSERT OR UPDATE OR DELETE ON "property_collections"
  FOR EACH ROW EXECUTE FUNCTION "sas_google_queue_row"();
--> statement-breakpoint
CREATE TRIGGER "properties_google_queue" AFTER INSERT OR UPDATE ON "properties"
  FOR EACH ROW EXECUTE FUNCTION "sas_google_queue_row"();
--> statement-breakpoint
-- A collection's discounts and a tax rate reach many homes: queue them all (a few dozen rows).
CREATE FUNCTION "sas_google_queue_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "google_ari_changes" ("property_id", "source") SELECT "id", TG_TABLE_NAME FROM "properties";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "collection_discounts_google_queue" AFTER INSERT OR UPDATE OR DELETE ON "collection_discounts"
  FOR EACH STATEMENT EXECUTE FUNCTION "sas_google_queue_all"();
--> statement-breakpoint
CREATE TRIGGER "tax_jurisdictions_google_queue" AFTER INSERT OR UPDATE OR DELETE ON "tax_jurisdictions"
  FOR EACH STATEMENT EXECUTE FUNCTION "sas_google_queue_all"();
