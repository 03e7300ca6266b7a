CREATE TABLE "action_events" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "action_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"action_id" bigint NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"from_status" text,
	"to_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "action_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "action_files" (
	"tenant_id" integer NOT NULL,
	"action_id" bigint NOT NULL,
	"hash" text NOT NULL,
	"name" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "action_files_tenant_id_action_id_hash_pk" PRIMARY KEY("tenant_id","action_id","hash")
);
--> statement-breakpoint
CREATE TABLE "actions" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"due_date" date NOT NULL,
	"store_node_id" integer NOT NULL,
	"assignee_id" integer,
	"source" text DEFAULT 'manual' NOT NULL,
	"inspection_id" bigint,
	"question_id" text,
	"inspection_item" jsonb,
	"assignment_id" bigint,
	"task_title" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"escalated_at" timestamp with time zone,
	CONSTRAINT "actions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "action_events" ADD CONSTRAINT "action_events_tenant_id_action_id_actions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","action_id") REFERENCES "public"."actions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_files" ADD CONSTRAINT "action_files_tenant_id_action_id_actions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","action_id") REFERENCES "public"."actions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_files" ADD CONSTRAINT "action_files_tenant_id_hash_task_files_tenant_id_hash_fk" FOREIGN KEY ("tenant_id","hash") REFERENCES "public"."task_files"("tenant_id","hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_events_action_idx" ON "action_events" USING btree ("tenant_id","action_id","id");--> statement-breakpoint
CREATE INDEX "action_files_hash_idx" ON "action_files" USING btree ("tenant_id","hash");--> statement-breakpoint
CREATE INDEX "actions_store_idx" ON "actions" USING btree ("tenant_id","store_node_id","due_date");--> statement-breakpoint
CREATE INDEX "actions_assignee_idx" ON "actions" USING btree ("tenant_id","assignee_id") WHERE "actions"."closed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "actions_inspection_item_uq" ON "actions" USING btree ("tenant_id","inspection_id","question_id") WHERE "actions"."inspection_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO tenant_modules (tenant_id, module, allowed, enabled)
SELECT t.id, 'action', true, true FROM tenants t WHERE t.identifier <> 'admin'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO role_permissions (tenant_id, role_id, module, enabled, capabilities)
SELECT r.tenant_id, r.id, 'action', true, m.capabilities FROM roles r
CROSS JOIN (VALUES
  ('Administrator', ARRAY['create', 'read', 'update', 'delete']),
  ('Area Manager', ARRAY['create', 'read', 'update']),
  ('Store Manager', ARRAY['create', 'read', 'update']),
  ('Team Member', ARRAY['read'])
) AS m(role, capabilities)
JOIN tenants t ON t.id = r.tenant_id AND t.identifier <> 'admin'
WHERE r.name = m.role
ON CONFLICT DO NOTHING;
