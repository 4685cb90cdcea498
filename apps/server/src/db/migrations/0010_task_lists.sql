CREATE TABLE "task_items" (
	"task_id" integer NOT NULL,
	"detail_id" integer NOT NULL,
	"name" text NOT NULL,
	"priority_order" integer NOT NULL,
	"is_order_mandatory" boolean NOT NULL,
	"time_interval" integer NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "task_items_task_id_detail_id_pk" PRIMARY KEY("task_id","detail_id")
);
--> statement-breakpoint
CREATE TABLE "task_list_assignments" (
	"template_id" integer NOT NULL,
	"branch_office_id" integer NOT NULL,
	CONSTRAINT "task_list_assignments_template_id_branch_office_id_pk" PRIMARY KEY("template_id","branch_office_id")
);
--> statement-breakpoint
CREATE TABLE "task_list_template_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"priority_order" integer NOT NULL,
	"is_order_mandatory" boolean DEFAULT false NOT NULL,
	"time_interval" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_list_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"name" text NOT NULL,
	"description" text,
	"tasking_type" text NOT NULL,
	"is_allowed_edit" boolean DEFAULT true NOT NULL,
	"is_allowed_delete" boolean DEFAULT true NOT NULL,
	"imported_from_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer,
	"template_name" text NOT NULL,
	"tasking_type" text NOT NULL,
	"organization_id" integer NOT NULL,
	"branch_office_id" integer NOT NULL,
	"status" text NOT NULL,
	"activated_by" integer,
	"activated_at" timestamp with time zone,
	"started_by" integer,
	"started_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"paused_seconds" integer DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" integer,
	"branch_action_event_id" bigint
);
--> statement-breakpoint
ALTER TABLE "task_items" ADD CONSTRAINT "task_items_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_list_assignments" ADD CONSTRAINT "task_list_assignments_template_id_task_list_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."task_list_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_list_assignments" ADD CONSTRAINT "task_list_assignments_branch_office_id_branch_offices_id_fk" FOREIGN KEY ("branch_office_id") REFERENCES "public"."branch_offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_list_template_details" ADD CONSTRAINT "task_list_template_details_template_id_task_list_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."task_list_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_list_templates" ADD CONSTRAINT "task_list_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_template_id_task_list_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."task_list_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_branch_office_id_branch_offices_id_fk" FOREIGN KEY ("branch_office_id") REFERENCES "public"."branch_offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_list_assignments_branch_idx" ON "task_list_assignments" USING btree ("branch_office_id");--> statement-breakpoint
CREATE INDEX "task_list_template_details_template_idx" ON "task_list_template_details" USING btree ("template_id","priority_order");--> statement-breakpoint
CREATE UNIQUE INDEX "task_list_templates_org_name_uq" ON "task_list_templates" USING btree (coalesce("organization_id", 0),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_branch_active_uq" ON "tasks" USING btree ("branch_office_id") WHERE "tasks"."status" in ('ACTIVATED', 'RUNNING', 'PAUSED');--> statement-breakpoint
CREATE INDEX "tasks_org_started_idx" ON "tasks" USING btree ("organization_id","started_at");--> statement-breakpoint
CREATE INDEX "tasks_branch_started_idx" ON "tasks" USING btree ("branch_office_id","started_at");