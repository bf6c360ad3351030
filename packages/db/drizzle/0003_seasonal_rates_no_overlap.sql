-- A night of a home falls in at most one season, enforced by the database:
-- otherwise which season prices it would depend on row order. Seasons are
-- half-open [start_date, end_date), so one may end the day the next begins.
-- btree_gist (migration 0001) lets the GiST index compare the uuid with "=".
ALTER TABLE "seasonal_rates" ADD CONSTRAINT "seasonal_rates_no_overlap"
  EXCLUDE USING gist ("property_id" WITH =, daterange("start_date", "end_date") WITH &&);
