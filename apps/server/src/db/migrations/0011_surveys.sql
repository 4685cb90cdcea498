CREATE TABLE "external_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"branch_office_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"lang_id" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_branches" (
	"survey_id" integer NOT NULL,
	"branch_office_id" integer NOT NULL,
	CONSTRAINT "survey_branches_survey_id_branch_office_id_pk" PRIMARY KEY("survey_id","branch_office_id")
);
--> statement-breakpoint
CREATE TABLE "survey_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"external_user_id" integer NOT NULL,
	"branch_office_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"period" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_notify_external_users" (
	"survey_id" integer NOT NULL,
	"external_user_id" integer NOT NULL,
	CONSTRAINT "survey_notify_external_users_survey_id_external_user_id_pk" PRIMARY KEY("survey_id","external_user_id")
);
--> statement-breakpoint
CREATE TABLE "survey_notify_users" (
	"survey_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "survey_notify_users_survey_id_user_id_pk" PRIMARY KEY("survey_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "survey_users" (
	"survey_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "survey_users_survey_id_user_id_pk" PRIMARY KEY("survey_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "submitted_surveys" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "submitted_surveys" ADD COLUMN "external_user_id" integer;--> statement-breakpoint
ALTER TABLE "submitted_surveys" ADD COLUMN "recommendation" text;--> statement-breakpoint
ALTER TABLE "submitted_surveys" ADD COLUMN "notified" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "start_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "end_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "external_users" ADD CONSTRAINT "external_users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_users" ADD CONSTRAINT "external_users_branch_office_id_branch_offices_id_fk" FOREIGN KEY ("branch_office_id") REFERENCES "public"."branch_offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_branches" ADD CONSTRAINT "survey_branches_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_branches" ADD CONSTRAINT "survey_branches_branch_office_id_branch_offices_id_fk" FOREIGN KEY ("branch_office_id") REFERENCES "public"."branch_offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_links" ADD CONSTRAINT "survey_links_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_links" ADD CONSTRAINT "survey_links_external_user_id_external_users_id_fk" FOREIGN KEY ("external_user_id") REFERENCES "public"."external_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_links" ADD CONSTRAINT "survey_links_branch_office_id_branch_offices_id_fk" FOREIGN KEY ("branch_office_id") REFERENCES "public"."branch_offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_notify_external_users" ADD CONSTRAINT "survey_notify_external_users_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_notify_external_users" ADD CONSTRAINT "survey_notify_external_users_external_user_id_external_users_id_fk" FOREIGN KEY ("external_user_id") REFERENCES "public"."external_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_notify_users" ADD CONSTRAINT "survey_notify_users_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_notify_users" ADD CONSTRAINT "survey_notify_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_users" ADD CONSTRAINT "survey_users_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_users" ADD CONSTRAINT "survey_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_users_branch_idx" ON "external_users" USING btree ("branch_office_id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_users_branch_email_uq" ON "external_users" USING btree ("branch_office_id",lower("email"));--> statement-breakpoint
CREATE INDEX "survey_branches_branch_idx" ON "survey_branches" USING btree ("branch_office_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_links_token_uq" ON "survey_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_links_period_uq" ON "survey_links" USING btree ("survey_id","external_user_id","period");--> statement-breakpoint
CREATE INDEX "survey_users_user_idx" ON "survey_users" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "submitted_surveys" ADD CONSTRAINT "submitted_surveys_external_user_id_external_users_id_fk" FOREIGN KEY ("external_user_id") REFERENCES "public"."external_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_org_name_uq" ON "surveys" USING btree ("organization_id",lower("name"));