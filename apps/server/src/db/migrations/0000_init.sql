CREATE TABLE "branch_office_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"display" text NOT NULL,
	CONSTRAINT "branch_office_types_type_unique" UNIQUE("type")
);
--> statement-breakpoint
CREATE TABLE "branch_offices" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"regional_office_id" integer,
	"branch_office_type_id" integer NOT NULL,
	"security_office_id" integer,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"phone_number" text,
	"email" text,
	"address" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"country" text,
	"latitude" double precision,
	"longitude" double precision,
	"altitude" double precision,
	"time_zone" text NOT NULL,
	"week_schedule_id" integer,
	"holiday_template_id" integer,
	"opening_timer" integer DEFAULT 15 NOT NULL,
	"closing_timer" integer DEFAULT 15 NOT NULL,
	"servicing_timer" integer DEFAULT 60 NOT NULL,
	"auto_close_time" time,
	"geofence_radius" integer DEFAULT 200 NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"test_note" text,
	"branch_action" text,
	"branch_action_at" timestamp with time zone,
	"last_event_id" integer,
	"first_use_date" date,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holiday_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"holiday_template_id" integer NOT NULL,
	"day" date NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "holidays_holiday_template_id_day_pk" PRIMARY KEY("holiday_template_id","day")
);
--> statement-breakpoint
CREATE TABLE "offices" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"office_type_id" smallint NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"phone_number" text,
	"email" text,
	"address" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"country" text,
	"latitude" double precision,
	"longitude" double precision,
	"altitude" double precision,
	"time_zone" text NOT NULL,
	"week_schedule_id" integer,
	"holiday_template_id" integer,
	"opening_timer" integer DEFAULT 15 NOT NULL,
	"closing_timer" integer DEFAULT 15 NOT NULL,
	"servicing_timer" integer DEFAULT 60 NOT NULL,
	"auto_close_time" time,
	"primary_contact_name" text,
	"primary_contact_surname" text,
	"primary_contact_email" text,
	"primary_contact_phone" text,
	"secondary_contact_name" text,
	"secondary_contact_surname" text,
	"secondary_contact_email" text,
	"secondary_contact_phone" text,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_security_offices" (
	"organization_id" integer NOT NULL,
	"security_office_id" integer NOT NULL,
	CONSTRAINT "organization_security_offices_organization_id_security_office_id_pk" PRIMARY KEY("organization_id","security_office_id")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"country" text,
	"formatted_address" text,
	"phone_number" text,
	"email" text,
	"latitude" double precision,
	"longitude" double precision,
	"altitude" double precision,
	"primary_contact_name" text,
	"primary_contact_surname" text,
	"primary_contact_email" text,
	"primary_contact_phone" text,
	"secondary_contact_name" text,
	"secondary_contact_surname" text,
	"secondary_contact_email" text,
	"secondary_contact_phone" text,
	"head_office_id" integer,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_offices" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"address" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"country" text,
	"phone_number" text,
	"email" text,
	"latitude" double precision,
	"longitude" double precision,
	"altitude" double precision,
	"office_type_id" smallint DEFAULT 3 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"is_monitoring" boolean DEFAULT true NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "week_schedule_days" (
	"week_schedule_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"opens_at" time NOT NULL,
	"closes_at" time NOT NULL,
	CONSTRAINT "week_schedule_days_week_schedule_id_weekday_pk" PRIMARY KEY("week_schedule_id","weekday"),
	CONSTRAINT "week_schedule_days_weekday" CHECK ("week_schedule_days"."weekday" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "week_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_dealers" (
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "organization_dealers_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" smallint PRIMARY KEY NOT NULL,
	"role_name" text NOT NULL,
	"role_name_display" text NOT NULL,
	"order_weight" smallint NOT NULL,
	"web_login" boolean NOT NULL,
	"mobile_login" boolean NOT NULL,
	CONSTRAINT "roles_role_name_unique" UNIQUE("role_name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"session_type" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"role_id" smallint NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"email" text NOT NULL,
	"address" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"country" text,
	"phone_number" text,
	"number" text,
	"verbal_code" text,
	"verbal_code_enabled" boolean DEFAULT false NOT NULL,
	"avatar" text,
	"lang_id" varchar(5) DEFAULT 'en' NOT NULL,
	"status_id" smallint DEFAULT 2 NOT NULL,
	"password_hash" text,
	"pin_hash" text,
	"duress_hash" text,
	"console_access" boolean DEFAULT true NOT NULL,
	"from_sync" boolean DEFAULT false NOT NULL,
	"geofence_validation" boolean DEFAULT false NOT NULL,
	"verified_telephone" boolean DEFAULT false NOT NULL,
	"first_account" boolean DEFAULT false NOT NULL,
	"personal_timer" boolean DEFAULT false NOT NULL,
	"notifications_enabled" boolean DEFAULT true NOT NULL,
	"notification_preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"allowed_notifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"feature_enabled" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"carrier_name" text,
	"carrier_domain" text,
	"app_version" text,
	"last_login" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "works_in" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"regional_office_id" integer,
	"branch_office_id" integer,
	"security_office_id" integer,
	CONSTRAINT "works_in_one_target" CHECK (num_nonnulls("works_in"."regional_office_id", "works_in"."branch_office_id", "works_in"."security_office_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"branch_office_id" integer NOT NULL,
	"check_in_at" timestamp with time zone NOT NULL,
	"check_out_at" timestamp with time zone,
	"checked_out_by" integer,
	"latitude" double precision,
	"longitude" double precision,
	"horizontal_accuracy" double precision,
	"inside_geofence" boolean,
	"check_in_event_id" bigint
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"organization_id" integer,
	"regional_office_id" integer,
	"branch_office_id" integer,
	"user_id" integer,
	"branch_action" text,
	"notification_type" smallint,
	"is_test_notification" boolean DEFAULT false NOT NULL,
	"is_closed_by_system" boolean DEFAULT false NOT NULL,
	"security_alert" boolean DEFAULT false NOT NULL,
	"punctuality" text,
	"latitude" double precision,
	"longitude" double precision,
	"message_content" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timer_pings" (
	"id" serial PRIMARY KEY NOT NULL,
	"timer_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"horizontal_accuracy" double precision
);
--> statement-breakpoint
CREATE TABLE "timers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"branch_office_id" integer,
	"timer_for_action" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_seconds" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"safe_stopped" boolean DEFAULT false NOT NULL,
	"alerted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branch_offices" ADD CONSTRAINT "branch_offices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_offices" ADD CONSTRAINT "branch_offices_regional_office_id_offices_id_fk" FOREIGN KEY ("regional_office_id") REFERENCES "public"."offices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_offices" ADD CONSTRAINT "branch_offices_branch_office_type_id_branch_office_types_id_fk" FOREIGN KEY ("branch_office_type_id") REFERENCES "public"."branch_office_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_offices" ADD CONSTRAINT "branch_offices_security_office_id_security_offices_id_fk" FOREIGN KEY ("security_office_id") REFERENCES "public"."security_offices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_offices" ADD CONSTRAINT "branch_offices_week_schedule_id_week_schedules_id_fk" FOREIGN KEY ("week_schedule_id") REFERENCES "public"."week_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_offices" ADD CONSTRAINT "branch_offices_holiday_template_id_holiday_templates_id_fk" FOREIGN KEY ("holiday_template_id") REFERENCES "public"."holiday_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday_templates" ADD CONSTRAINT "holiday_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_holiday_template_id_holiday_templates_id_fk" FOREIGN KEY ("holiday_template_id") REFERENCES "public"."holiday_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_week_schedule_id_week_schedules_id_fk" FOREIGN KEY ("week_schedule_id") REFERENCES "public"."week_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_holiday_template_id_holiday_templates_id_fk" FOREIGN KEY ("holiday_template_id") REFERENCES "public"."holiday_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_security_offices" ADD CONSTRAINT "organization_security_offices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_security_offices" ADD CONSTRAINT "organization_security_offices_security_office_id_security_offices_id_fk" FOREIGN KEY ("security_office_id") REFERENCES "public"."security_offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "week_schedule_days" ADD CONSTRAINT "week_schedule_days_week_schedule_id_week_schedules_id_fk" FOREIGN KEY ("week_schedule_id") REFERENCES "public"."week_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "week_schedules" ADD CONSTRAINT "week_schedules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_dealers" ADD CONSTRAINT "organization_dealers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_dealers" ADD CONSTRAINT "organization_dealers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works_in" ADD CONSTRAINT "works_in_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works_in" ADD CONSTRAINT "works_in_regional_office_id_offices_id_fk" FOREIGN KEY ("regional_office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works_in" ADD CONSTRAINT "works_in_branch_office_id_branch_offices_id_fk" FOREIGN KEY ("branch_office_id") REFERENCES "public"."branch_offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works_in" ADD CONSTRAINT "works_in_security_office_id_security_offices_id_fk" FOREIGN KEY ("security_office_id") REFERENCES "public"."security_offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_branch_office_id_branch_offices_id_fk" FOREIGN KEY ("branch_office_id") REFERENCES "public"."branch_offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_checked_out_by_users_id_fk" FOREIGN KEY ("checked_out_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_regional_office_id_offices_id_fk" FOREIGN KEY ("regional_office_id") REFERENCES "public"."offices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_branch_office_id_branch_offices_id_fk" FOREIGN KEY ("branch_office_id") REFERENCES "public"."branch_offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timer_pings" ADD CONSTRAINT "timer_pings_timer_id_timers_id_fk" FOREIGN KEY ("timer_id") REFERENCES "public"."timers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_branch_office_id_branch_offices_id_fk" FOREIGN KEY ("branch_office_id") REFERENCES "public"."branch_offices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "branch_offices_org_code_uq" ON "branch_offices" USING btree ("organization_id","code");--> statement-breakpoint
CREATE INDEX "branch_offices_org_idx" ON "branch_offices" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "branch_offices_region_idx" ON "branch_offices" USING btree ("regional_office_id");--> statement-breakpoint
CREATE INDEX "branch_offices_so_idx" ON "branch_offices" USING btree ("security_office_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offices_org_code_uq" ON "offices" USING btree ("organization_id","code");--> statement-breakpoint
CREATE INDEX "offices_org_idx" ON "offices" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "org_so_so_idx" ON "organization_security_offices" USING btree ("security_office_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_name_uq" ON "organizations" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "security_offices_name_uq" ON "security_offices" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "security_offices_code_uq" ON "security_offices" USING btree ("code");--> statement-breakpoint
CREATE INDEX "org_dealers_user_idx" ON "organization_dealers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_org_idx" ON "users" USING btree ("organization_id","surname","name");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "works_in_user_idx" ON "works_in" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "works_in_branch_idx" ON "works_in" USING btree ("branch_office_id");--> statement-breakpoint
CREATE INDEX "works_in_region_idx" ON "works_in" USING btree ("regional_office_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "check_ins_branch_idx" ON "check_ins" USING btree ("branch_office_id","check_in_at");--> statement-breakpoint
CREATE INDEX "check_ins_user_idx" ON "check_ins" USING btree ("user_id","check_in_at");--> statement-breakpoint
CREATE INDEX "events_org_time_idx" ON "events" USING btree ("organization_id","occurred_at");--> statement-breakpoint
CREATE INDEX "events_branch_time_idx" ON "events" USING btree ("branch_office_id","occurred_at");--> statement-breakpoint
CREATE INDEX "events_kind_time_idx" ON "events" USING btree ("kind","occurred_at");--> statement-breakpoint
CREATE INDEX "timer_pings_timer_idx" ON "timer_pings" USING btree ("timer_id","at");--> statement-breakpoint
CREATE INDEX "timers_open_idx" ON "timers" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "timers_user_idx" ON "timers" USING btree ("user_id","started_at");