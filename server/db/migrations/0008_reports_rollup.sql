CREATE TABLE "report_node_days" (
	"tenant_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"task_id" integer NOT NULL,
	"assigned" integer NOT NULL,
	"done" integer NOT NULL,
	"on_time" integer NOT NULL,
	"late" integer NOT NULL,
	"overdue" integer NOT NULL,
	"expired" integer NOT NULL,
	"cannot_do" integer NOT NULL,
	"waiting" integer NOT NULL,
	"open" integer NOT NULL,
	"first_time_right" integer NOT NULL,
	"first_occurrence" date NOT NULL,
	"last_occurrence" date NOT NULL,
	CONSTRAINT "report_node_days_tenant_id_node_id_due_date_task_id_pk" PRIMARY KEY("tenant_id","node_id","due_date","task_id")
);
--> statement-breakpoint
CREATE TABLE "report_people_periods" (
	"tenant_id" integer NOT NULL,
	"period_days" smallint NOT NULL,
	"period_start" date NOT NULL,
	"workspace_node_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"completed" integer NOT NULL,
	"on_time" integer NOT NULL,
	"first_time_right" integer NOT NULL,
	"rejected" integer NOT NULL,
	"acknowledged" integer NOT NULL,
	CONSTRAINT "report_people_periods_pk" PRIMARY KEY("tenant_id","period_days","period_start","workspace_node_id","person_id","type_id","department_id")
);
--> statement-breakpoint
CREATE TABLE "report_rollups" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"rolled_through" date,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_stale_days" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "report_stale_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"due_date" date NOT NULL,
	"live" boolean NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_stale_days_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "report_store_periods" (
	"tenant_id" integer NOT NULL,
	"period_days" smallint NOT NULL,
	"period_start" date NOT NULL,
	"workspace_node_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"assigned" integer NOT NULL,
	"done" integer NOT NULL,
	"on_time" integer NOT NULL,
	"late" integer NOT NULL,
	"overdue" integer NOT NULL,
	"expired" integer NOT NULL,
	"cannot_do" integer NOT NULL,
	"waiting" integer NOT NULL,
	"open" integer NOT NULL,
	"first_time_right" integer NOT NULL,
	CONSTRAINT "report_store_periods_pk" PRIMARY KEY("tenant_id","period_days","period_start","workspace_node_id","type_id","department_id")
);
--> statement-breakpoint
ALTER TABLE "report_rollups" ADD CONSTRAINT "report_rollups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_node_days_day_idx" ON "report_node_days" USING btree ("tenant_id","due_date");--> statement-breakpoint
CREATE INDEX "report_stale_days_day_idx" ON "report_stale_days" USING btree ("tenant_id","due_date");--> statement-breakpoint
CREATE INDEX "task_assignments_due_idx" ON "task_assignments" USING btree ("tenant_id","due_date");--> statement-breakpoint
CREATE INDEX "task_assignments_weakest_idx" ON "task_assignments" USING btree ("tenant_id","task_id",("status" IN ('done', 'approved')),(NOT ("status" IN ('open', 'rejected') AND "expires_at" IS NULL)),"workspace_node_id") WHERE "task_assignments"."status" <> 'cancelled';