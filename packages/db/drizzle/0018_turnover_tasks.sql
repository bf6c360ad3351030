CREATE TABLE "task_kinds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"timing" text NOT NULL,
	"checklist" jsonb NOT NULL,
	"expected_minutes" integer NOT NULL,
	"default_assignee_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_kinds_timing_valid" CHECK ("task_kinds"."timing" IN ('departure', 'arrival')),
	CONSTRAINT "task_kinds_minutes_valid" CHECK ("task_kinds"."expected_minutes" BETWEEN 1 AND 1440)
);
--> statement-breakpoint
CREATE TABLE "task_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"key" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_problems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"booking_id" uuid,
	"kind" text NOT NULL,
	"note" text NOT NULL,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reported_by" uuid,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_problems_kind_valid" CHECK ("task_problems"."kind" IN ('damage', 'maintenance')),
	CONSTRAINT "task_problems_status_valid" CHECK ("task_problems"."status" IN ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"kind_id" uuid NOT NULL,
	"stay_id" uuid NOT NULL,
	"booking_id" uuid,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"planned_start" timestamp with time zone NOT NULL,
	"planned_end" timestamp with time zone NOT NULL,
	"same_day_turnover" boolean DEFAULT false NOT NULL,
	"next_arrival" timestamp with time zone,
	"party_size" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"assignee_id" uuid,
	"checklist" jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_status_valid" CHECK ("tasks"."status" IN ('open', 'started', 'done', 'cancelled')),
	CONSTRAINT "tasks_window_valid" CHECK ("tasks"."window_end" >= "tasks"."window_start")
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_valid";--> statement-breakpoint
ALTER TABLE "task_kinds" ADD CONSTRAINT "task_kinds_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_kinds" ADD CONSTRAINT "task_kinds_default_assignee_id_users_id_fk" FOREIGN KEY ("default_assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_photos" ADD CONSTRAINT "task_photos_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_photos" ADD CONSTRAINT "task_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_problems" ADD CONSTRAINT "task_problems_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_problems" ADD CONSTRAINT "task_problems_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_problems" ADD CONSTRAINT "task_problems_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_problems" ADD CONSTRAINT "task_problems_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_problems" ADD CONSTRAINT "task_problems_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_kind_id_task_kinds_id_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."task_kinds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "task_kinds_property_key" ON "task_kinds" USING btree ("property_id","key");--> statement-breakpoint
CREATE INDEX "task_photos_task" ON "task_photos" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "task_problems_property" ON "task_problems" USING btree ("property_id","status");--> statement-breakpoint
CREATE INDEX "task_problems_booking" ON "task_problems" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_stay_kind" ON "tasks" USING btree ("stay_id","kind_id");--> statement-breakpoint
CREATE INDEX "tasks_property_window" ON "tasks" USING btree ("property_id","window_start");--> statement-breakpoint
CREATE INDEX "tasks_assignee_window" ON "tasks" USING btree ("assignee_id","window_start");--> statement-breakpoint
CREATE INDEX "tasks_window" ON "tasks" USING btree ("window_start");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_valid" CHECK ("users"."role" IN ('guest', 'owner', 'staff', 'admin', 'cleaner'));