CREATE TABLE "ens_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"address" text,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ens_message_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"short_msg" text NOT NULL,
	"description" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ens_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"regional_office_id" integer,
	"branch_office_id" integer NOT NULL,
	"from_user_id" integer,
	"security_office_id" integer,
	"message_template_id" integer,
	"message_title" text NOT NULL,
	"message_content" text NOT NULL,
	"notification_method" text DEFAULT 'ALL' NOT NULL,
	"event_id" bigint,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ens_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"lang_id" text DEFAULT 'en' NOT NULL,
	"read_at" timestamp with time zone,
	"reply" text,
	"replied_at" timestamp with time zone,
	"help_event_id" bigint
);
--> statement-breakpoint
ALTER TABLE "ens_deliveries" ADD CONSTRAINT "ens_deliveries_notification_id_ens_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."ens_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ens_deliveries" ADD CONSTRAINT "ens_deliveries_recipient_id_ens_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."ens_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ens_deliveries" ADD CONSTRAINT "ens_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ens_message_templates" ADD CONSTRAINT "ens_message_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ens_message_templates" ADD CONSTRAINT "ens_message_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ens_notifications" ADD CONSTRAINT "ens_notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ens_notifications" ADD CONSTRAINT "ens_notifications_regional_office_id_offices_id_fk" FOREIGN KEY ("regional_office_id") REFERENCES "public"."offices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ens_notifications" ADD CONSTRAINT "ens_notifications_branch_office_id_branch_offices_id_fk" FOREIGN KEY ("branch_office_id") REFERENCES "public"."branch_offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ens_notifications" ADD CONSTRAINT "ens_notifications_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ens_notifications" ADD CONSTRAINT "ens_notifications_security_office_id_security_offices_id_fk" FOREIGN KEY ("security_office_id") REFERENCES "public"."security_offices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ens_notifications" ADD CONSTRAINT "ens_notifications_message_template_id_ens_message_templates_id_fk" FOREIGN KEY ("message_template_id") REFERENCES "public"."ens_message_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ens_recipients" ADD CONSTRAINT "ens_recipients_notification_id_ens_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."ens_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ens_recipients" ADD CONSTRAINT "ens_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ens_deliveries_uq" ON "ens_deliveries" USING btree ("recipient_id","channel");--> statement-breakpoint
CREATE INDEX "ens_deliveries_notification_idx" ON "ens_deliveries" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "ens_deliveries_due_idx" ON "ens_deliveries" USING btree ("next_attempt_at","id") WHERE "ens_deliveries"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "ens_templates_org_idx" ON "ens_message_templates" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "ens_notifications_org_time_idx" ON "ens_notifications" USING btree ("organization_id","sent_at");--> statement-breakpoint
CREATE INDEX "ens_notifications_branch_idx" ON "ens_notifications" USING btree ("branch_office_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ens_recipients_uq" ON "ens_recipients" USING btree ("notification_id","user_id");--> statement-breakpoint
CREATE INDEX "ens_recipients_user_idx" ON "ens_recipients" USING btree ("user_id","notification_id");