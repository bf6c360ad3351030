-- Every server process keeps the catalogue and the rate tables in memory
-- (ADR 018) and must forget them as soon as they change, whoever changes
-- them: the app, the seed, an import or someone in psql. So the database
-- itself announces each write to those tables with NOTIFY on the channel
-- 'sas_cache', the table's name as the payload; every process LISTENs.
-- A notification is delivered only once its transaction has committed, and
-- identical ones of one transaction are delivered once, so a bulk write
-- costs one message per table. Stays are not announced: availability is
-- always read live.
CREATE FUNCTION "sas_notify_cache_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sas_cache', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "properties_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "properties"
  FOR EACH STATEMENT EXECUTE FUNCTION "sas_notify_cache_change"();
--> statement-breakpoint
CREATE TRIGGER "property_collections_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "property_collections"
  FOR EACH STATEMENT EXECUTE FUNCTION "sas_notify_cache_change"();
--> statement-breakpoint
CREATE TRIGGER "nearby_places_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "nearby_places"
  FOR EACH STATEMENT EXECUTE FUNCTION "sas_notify_cache_change"();
--> statement-breakpoint
CREATE TRIGGER "reviews_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "sas_notify_cache_change"();
--> statement-breakpoint
CREATE TRIGGER "tax_jurisdictions_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tax_jurisdictions"
  FOR EACH STATEMENT EXECUTE FUNCTION "sas_notify_cache_change"();
--> statement-breakpoint
CREATE TRIGGER "property_rates_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "property_rates"
  FOR EACH STATEMENT EXECUTE FUNCTION "sas_notify_cache_change"();
--> statement-breakpoint
CREATE TRIGGER "seasonal_rates_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "seasonal_rates"
  FOR EACH STATEMENT EXECUTE FUNCTION "sas_notify_cache_change"();
