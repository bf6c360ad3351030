-- Every write to stays announces its home on the cache channel (ADR 018), as
-- the catalogue's and the rates' tables do: the availability search keeps,
-- per date range, which homes have a taken night (issue 25), and must forget
-- it as soon as a booking, a hold, a block or a release lands, whoever writes
-- it. One notification per home and transaction (PostgreSQL folds identical
-- ones); the payload is 'stays:<property id>'.
--
-- A notification is heard a moment after its commit; a search right after a
-- write of this process must not answer from before it. So every write also
-- moves a counter, which the search reads (one row, no table scan) before it
-- trusts what it kept: a write committed before the search began is always seen.
CREATE SEQUENCE "stays_version";
--> statement-breakpoint
CREATE FUNCTION "sas_notify_stays_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('stays_version');
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('sas_cache', 'stays:' || OLD.property_id::text);
  ELSE
    PERFORM pg_notify('sas_cache', 'stays:' || NEW.property_id::text);
    IF TG_OP = 'UPDATE' AND NEW.property_id IS DISTINCT FROM OLD.property_id THEN
      PERFORM pg_notify('sas_cache', 'stays:' || OLD.property_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "stays_cache_notify" AFTER INSERT OR UPDATE OR DELETE ON "stays"
  FOR EACH ROW EXECUTE FUNCTION "sas_notify_stays_change"();
--> statement-breakpoint
-- A TRUNCATE has no rows to name: it says "stays" alone, which drops every range.
CREATE FUNCTION "sas_notify_stays_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('stays_version');
  PERFORM pg_notify('sas_cache', 'stays');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "stays_cache_notify_truncate" AFTER TRUNCATE ON "stays"
  FOR EACH STATEMENT EXECUTE FUNCTION "sas_notify_stays_truncate"();
