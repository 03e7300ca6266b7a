CREATE TABLE "form_template_versions" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "form_template_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"template_id" integer NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"questions" integer NOT NULL,
	"max_score" numeric NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_template_versions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "form_templates" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "form_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "inspection_files" (
	"tenant_id" integer NOT NULL,
	"inspection_id" bigint NOT NULL,
	"hash" text NOT NULL,
	"name" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inspection_files_tenant_id_inspection_id_hash_pk" PRIMARY KEY("tenant_id","inspection_id","hash")
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "inspections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"template_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"store_node_id" integer NOT NULL,
	"inspector_id" integer NOT NULL,
	"assignment_id" bigint,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"points" numeric DEFAULT 0 NOT NULL,
	"max_score" numeric DEFAULT 0 NOT NULL,
	"percentage" numeric,
	"passed" boolean,
	"failed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"signature_hash" text,
	"signed_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspections_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "form_version_id" integer;--> statement-breakpoint
ALTER TABLE "form_template_versions" ADD CONSTRAINT "form_template_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_template_versions" ADD CONSTRAINT "form_template_versions_tenant_id_template_id_form_templates_tenant_id_id_fk" FOREIGN KEY ("tenant_id","template_id") REFERENCES "public"."form_templates"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_files" ADD CONSTRAINT "inspection_files_tenant_id_inspection_id_inspections_tenant_id_id_fk" FOREIGN KEY ("tenant_id","inspection_id") REFERENCES "public"."inspections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_files" ADD CONSTRAINT "inspection_files_tenant_id_hash_task_files_tenant_id_hash_fk" FOREIGN KEY ("tenant_id","hash") REFERENCES "public"."task_files"("tenant_id","hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_tenant_id_template_id_form_templates_tenant_id_id_fk" FOREIGN KEY ("tenant_id","template_id") REFERENCES "public"."form_templates"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_tenant_id_version_id_form_template_versions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","version_id") REFERENCES "public"."form_template_versions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_tenant_id_assignment_id_task_assignments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","assignment_id") REFERENCES "public"."task_assignments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_template_versions_uq" ON "form_template_versions" USING btree ("tenant_id","template_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "form_templates_name_uq" ON "form_templates" USING btree ("tenant_id",lower("name")) WHERE "form_templates"."status" = 'active';--> statement-breakpoint
CREATE INDEX "inspection_files_hash_idx" ON "inspection_files" USING btree ("tenant_id","hash");--> statement-breakpoint
CREATE INDEX "inspections_store_idx" ON "inspections" USING btree ("tenant_id","store_node_id","completed_at");--> statement-breakpoint
CREATE INDEX "inspections_template_idx" ON "inspections" USING btree ("tenant_id","template_id");--> statement-breakpoint
CREATE INDEX "inspections_inspector_idx" ON "inspections" USING btree ("tenant_id","inspector_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_assignment_uq" ON "inspections" USING btree ("tenant_id","assignment_id") WHERE "inspections"."assignment_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO tenant_modules (tenant_id, module, allowed, enabled)
SELECT t.id, m.module, true, true FROM tenants t CROSS JOIN (VALUES ('formtemplate'), ('inspection')) AS m(module)
WHERE t.identifier <> 'admin'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO role_permissions (tenant_id, role_id, module, enabled, capabilities)
SELECT r.tenant_id, r.id, m.module, true, m.capabilities FROM roles r
CROSS JOIN (VALUES
  ('Administrator', 'formtemplate', ARRAY['create', 'read', 'update', 'delete']),
  ('Administrator', 'inspection', ARRAY['create', 'read', 'update', 'delete']),
  ('Area Manager', 'formtemplate', ARRAY['create', 'read', 'update']),
  ('Area Manager', 'inspection', ARRAY['create', 'read', 'update']),
  ('Store Manager', 'inspection', ARRAY['read'])
) AS m(role, module, capabilities)
JOIN tenants t ON t.id = r.tenant_id AND t.identifier <> 'admin'
WHERE r.name = m.role
ON CONFLICT DO NOTHING;
