CREATE TABLE "task_acknowledgements" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "task_acknowledgements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"assignment_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stale" boolean DEFAULT false NOT NULL,
	CONSTRAINT "task_acknowledgements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "task_submission_files" (
	"tenant_id" integer NOT NULL,
	"submission_id" bigint NOT NULL,
	"hash" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_submission_files_tenant_id_submission_id_hash_pk" PRIMARY KEY("tenant_id","submission_id","hash")
);
--> statement-breakpoint
CREATE TABLE "task_submissions" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "task_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"assignment_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"outcome" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"reason" text,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_by" integer NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"decision" text,
	"review_reason" text,
	CONSTRAINT "task_submissions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "task_types" ADD COLUMN "kind" text DEFAULT 'task' NOT NULL;--> statement-breakpoint
ALTER TABLE "task_acknowledgements" ADD CONSTRAINT "task_acknowledgements_tenant_id_assignment_id_task_assignments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","assignment_id") REFERENCES "public"."task_assignments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_submission_files" ADD CONSTRAINT "task_submission_files_tenant_id_submission_id_task_submissions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","submission_id") REFERENCES "public"."task_submissions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_submission_files" ADD CONSTRAINT "task_submission_files_tenant_id_hash_task_files_tenant_id_hash_fk" FOREIGN KEY ("tenant_id","hash") REFERENCES "public"."task_files"("tenant_id","hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_submissions" ADD CONSTRAINT "task_submissions_tenant_id_assignment_id_task_assignments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","assignment_id") REFERENCES "public"."task_assignments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_acknowledgements_assignment_idx" ON "task_acknowledgements" USING btree ("tenant_id","assignment_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_acknowledgements_live_uq" ON "task_acknowledgements" USING btree ("tenant_id","assignment_id","user_id") WHERE not "task_acknowledgements"."stale";--> statement-breakpoint
CREATE INDEX "task_submission_files_hash_idx" ON "task_submission_files" USING btree ("tenant_id","hash");--> statement-breakpoint
CREATE INDEX "task_submissions_assignment_idx" ON "task_submissions" USING btree ("tenant_id","assignment_id","attempt");--> statement-breakpoint
CREATE INDEX "task_assignments_workspace_due_idx" ON "task_assignments" USING btree ("tenant_id","workspace_node_id","due_date");--> statement-breakpoint
CREATE INDEX "task_assignments_workspace_unfinished_idx" ON "task_assignments" USING btree ("tenant_id","workspace_node_id","due_at") WHERE "task_assignments"."status" in ('open', 'rejected');--> statement-breakpoint
-- The seeded types get their meaning as a flag, so renaming "Urgent" or "Communication" keeps it.
UPDATE "task_types" SET "kind" = CASE lower("name") WHEN 'urgent' THEN 'urgent' ELSE 'communication' END
WHERE lower("name") IN ('urgent', 'communication');
