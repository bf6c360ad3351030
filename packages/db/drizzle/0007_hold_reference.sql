ALTER TABLE "stays" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE INDEX "stays_hold_reference" ON "stays" USING btree ("reference") WHERE "stays"."reference" IS NOT NULL;