CREATE TABLE "task_assignments" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "task_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"workspace_node_id" integer NOT NULL,
	"occurrence_date" date NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"attempt" integer DEFAULT 1 NOT NULL,
	"completed_by" integer,
	"completed_at" timestamp with time zone,
	"first_time_right" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_assignments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "task_attachments" (
	"tenant_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"hash" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_attachments_tenant_id_task_id_hash_pk" PRIMARY KEY("tenant_id","task_id","hash")
);
--> statement-breakpoint
CREATE TABLE "task_edits" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "task_edits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"edited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_edits_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "task_files" (
	"tenant_id" integer NOT NULL,
	"hash" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"kind" text NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_files_tenant_id_hash_pk" PRIMARY KEY("tenant_id","hash")
);
--> statement-breakpoint
CREATE TABLE "task_targets" (
	"tenant_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"mode" text NOT NULL,
	CONSTRAINT "task_targets_tenant_id_task_id_node_id_pk" PRIMARY KEY("tenant_id","task_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type_id" integer NOT NULL,
	"department_id" integer,
	"estimated_minutes" integer,
	"start_date" date NOT NULL,
	"start_time" time NOT NULL,
	"due_date" date NOT NULL,
	"due_time" time NOT NULL,
	"expiry" text,
	"recurrence" jsonb,
	"evidence_comment" boolean DEFAULT false NOT NULL,
	"evidence_photos" integer DEFAULT 0 NOT NULL,
	"evidence_files" integer DEFAULT 0 NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"approval" boolean DEFAULT false NOT NULL,
	"compliance" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"author_id" integer NOT NULL,
	"author_node_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer,
	"published_at" timestamp with time zone,
	"archived_by" integer,
	"archived_at" timestamp with time zone,
	CONSTRAINT "tasks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "task_assignments" ADD CONSTRAINT "task_assignments_tenant_id_task_id_tasks_tenant_id_id_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignments" ADD CONSTRAINT "task_assignments_tenant_id_workspace_node_id_hierarchy_nodes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","workspace_node_id") REFERENCES "public"."hierarchy_nodes"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_attachments" ADD CONSTRAINT "task_attachments_tenant_id_task_id_tasks_tenant_id_id_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_attachments" ADD CONSTRAINT "task_attachments_tenant_id_hash_task_files_tenant_id_hash_fk" FOREIGN KEY ("tenant_id","hash") REFERENCES "public"."task_files"("tenant_id","hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_edits" ADD CONSTRAINT "task_edits_tenant_id_task_id_tasks_tenant_id_id_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_files" ADD CONSTRAINT "task_files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_targets" ADD CONSTRAINT "task_targets_tenant_id_task_id_tasks_tenant_id_id_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_targets" ADD CONSTRAINT "task_targets_tenant_id_node_id_hierarchy_nodes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","node_id") REFERENCES "public"."hierarchy_nodes"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_tenant_id_type_id_task_types_tenant_id_id_fk" FOREIGN KEY ("tenant_id","type_id") REFERENCES "public"."task_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_tenant_id_department_id_departments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","department_id") REFERENCES "public"."departments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "task_assignments_occurrence_uq" ON "task_assignments" USING btree ("tenant_id","task_id","workspace_node_id","occurrence_date");--> statement-breakpoint
CREATE INDEX "task_assignments_progress_idx" ON "task_assignments" USING btree ("tenant_id","task_id","status","due_at");--> statement-breakpoint
CREATE INDEX "task_assignments_workspace_day_idx" ON "task_assignments" USING btree ("tenant_id","workspace_node_id","occurrence_date");--> statement-breakpoint
CREATE INDEX "task_attachments_hash_idx" ON "task_attachments" USING btree ("tenant_id","hash");--> statement-breakpoint
CREATE INDEX "task_edits_task_idx" ON "task_edits" USING btree ("tenant_id","task_id");--> statement-breakpoint
CREATE INDEX "task_targets_node_idx" ON "task_targets" USING btree ("tenant_id","node_id");--> statement-breakpoint
CREATE INDEX "tasks_status_idx" ON "tasks" USING btree ("tenant_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "tasks_type_idx" ON "tasks" USING btree ("tenant_id","type_id");--> statement-breakpoint
-- Every tenant gets a default time zone for workspaces that name none (tenants made from now on get it at provisioning).
INSERT INTO "settings" ("tenant_id", "key", "value") SELECT "id", 'timezone', 'UTC' FROM "tenants" ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Customer tenants without task types get the three defaults (provisioning already seeds them for new ones).
INSERT INTO "task_types" ("tenant_id", "name", "description", "colour", "secondary_colour", "icon", "sort_order")
SELECT t."id", d."name", d."description", d."colour", d."secondary_colour", d."icon", d."sort_order"
FROM "tenants" t
CROSS JOIN (VALUES
  ('Urgent', 'Needs doing now', '#d32f2f', '#fdecea', 'PriorityHigh', 1),
  ('Task', 'Work to complete by its due time', '#1976d2', '#e3f2fd', 'Assignment', 2),
  ('Communication', 'News to read and acknowledge', '#2e7d32', '#e8f5e9', 'Campaign', 3)
) AS d("name", "description", "colour", "secondary_colour", "icon", "sort_order")
WHERE lower(t."identifier") <> 'admin'
  AND NOT EXISTS (SELECT 1 FROM "task_types" x WHERE x."tenant_id" = t."id");
