CREATE TABLE "calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"organization_id" integer,
	"regional_office_id" integer,
	"branch_office_id" integer,
	"caller_user_id" integer,
	"answered_by" integer,
	"transfer_to" integer,
	"closed_by" integer,
	"transfer_chain" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"ended_by" text,
	"latitude" double precision,
	"longitude" double precision,
	"horizontal_accuracy" double precision,
	"locations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"app_version" text,
	"os" text,
	"phone_model" text
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"call_id" integer PRIMARY KEY NOT NULL,
	"text_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"media_filename" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"caller_name" text NOT NULL,
	"caller_surname" text NOT NULL,
	"caller_email" text NOT NULL,
	"caller_phone" text,
	"caller_language" text NOT NULL,
	"caller_organization_name" text,
	"medical" jsonb NOT NULL,
	"emergency_contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "incidents_text_id_unique" UNIQUE("text_id")
);
--> statement-breakpoint
CREATE TABLE "medical_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"blood_type" text,
	"hearing_impaired" boolean DEFAULT false NOT NULL,
	"height_cm" double precision,
	"weight_kg" double precision,
	"special_notes" text,
	"emergency_contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_regional_office_id_offices_id_fk" FOREIGN KEY ("regional_office_id") REFERENCES "public"."offices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_branch_office_id_branch_offices_id_fk" FOREIGN KEY ("branch_office_id") REFERENCES "public"."branch_offices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_caller_user_id_users_id_fk" FOREIGN KEY ("caller_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_transfer_to_users_id_fk" FOREIGN KEY ("transfer_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_profiles" ADD CONSTRAINT "medical_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_open_idx" ON "calls" USING btree ("organization_id","started_at") WHERE "calls"."state" in ('ringing', 'active', 'transfer', 'ended');--> statement-breakpoint
CREATE INDEX "calls_org_time_idx" ON "calls" USING btree ("organization_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "calls_caller_live_idx" ON "calls" USING btree ("caller_user_id") WHERE "calls"."state" in ('ringing', 'active', 'transfer');
