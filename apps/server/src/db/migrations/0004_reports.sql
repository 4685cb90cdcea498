CREATE TABLE "submitted_surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"branch_office_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"end_with_notification" boolean DEFAULT false NOT NULL,
	"notification_question_id" integer,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"notify_recomandation" text,
	"non_notify_recomandation" text,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submitted_surveys" ADD CONSTRAINT "submitted_surveys_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submitted_surveys" ADD CONSTRAINT "submitted_surveys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submitted_surveys" ADD CONSTRAINT "submitted_surveys_branch_office_id_branch_offices_id_fk" FOREIGN KEY ("branch_office_id") REFERENCES "public"."branch_offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submitted_surveys" ADD CONSTRAINT "submitted_surveys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submitted_surveys_org_time_idx" ON "submitted_surveys" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "submitted_surveys_branch_time_idx" ON "submitted_surveys" USING btree ("branch_office_id","created_at");--> statement-breakpoint
CREATE INDEX "submitted_surveys_survey_idx" ON "submitted_surveys" USING btree ("survey_id");--> statement-breakpoint
CREATE INDEX "surveys_org_idx" ON "surveys" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "events_org_kind_time_idx" ON "events" USING btree ("organization_id","kind","occurred_at");--> statement-breakpoint
CREATE INDEX "timers_branch_idx" ON "timers" USING btree ("branch_office_id","started_at");--> statement-breakpoint
CREATE INDEX "timers_started_idx" ON "timers" USING btree ("started_at");