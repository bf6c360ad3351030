CREATE TABLE "owner_expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"memo" text NOT NULL,
	"receipt_type" text NOT NULL,
	"receipt_name" text NOT NULL,
	"receipt" "bytea" NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_expenses_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "owner_expenses_amount_valid" CHECK ("owner_expenses"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "owner_expenses" ADD CONSTRAINT "owner_expenses_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_expenses" ADD CONSTRAINT "owner_expenses_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_expenses" ADD CONSTRAINT "owner_expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owner_expenses_owner_date" ON "owner_expenses" USING btree ("owner_id","date");--> statement-breakpoint
CREATE INDEX "owner_expenses_property" ON "owner_expenses" USING btree ("property_id");