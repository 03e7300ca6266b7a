CREATE TABLE "activity_entries" (
	"tenant_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"actor_position" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"entity_name" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scope_path" text DEFAULT '' NOT NULL,
	"ip" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "activity_entries_tenant_id_seq_pk" PRIMARY KEY("tenant_id","seq")
);
--> statement-breakpoint
CREATE TABLE "activity_heads" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"hash" text DEFAULT '' NOT NULL,
	"first_seq" bigint DEFAULT 1 NOT NULL,
	"first_prev_hash" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_entries" ADD CONSTRAINT "activity_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_heads" ADD CONSTRAINT "activity_heads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_entries_at_idx" ON "activity_entries" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "activity_entries_entity_idx" ON "activity_entries" USING btree ("tenant_id","entity","entity_id");--> statement-breakpoint
CREATE INDEX "activity_entries_actor_idx" ON "activity_entries" USING btree ("tenant_id","actor_id");--> statement-breakpoint
-- The log is append-only for everyone the application connects as: no statement may change an
-- entry, and only the retention job removes old ones (it says so with SET LOCAL
-- storeline.activity_retention = 'on' inside its own transaction; PgBouncer in transaction mode keeps
-- a SET LOCAL to that transaction).
CREATE FUNCTION activity_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('storeline.activity_retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'activity entries are append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER activity_entries_no_update BEFORE UPDATE OR DELETE ON activity_entries
  FOR EACH ROW EXECUTE FUNCTION activity_entries_append_only();
--> statement-breakpoint
CREATE TRIGGER activity_entries_no_truncate BEFORE TRUNCATE ON activity_entries
  FOR EACH STATEMENT EXECUTE FUNCTION activity_entries_append_only();
--> statement-breakpoint
-- The new module `activity` (read only): every customer tenant may use it and has it on, and the
-- roles named Administrator (and the platform's operators, for tenant management events) read it.
INSERT INTO tenant_modules (tenant_id, module, allowed, enabled)
SELECT id, 'activity', true, true FROM tenants
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO role_permissions (tenant_id, role_id, module, enabled, capabilities)
SELECT tenant_id, id, 'activity', true, ARRAY['read'] FROM roles
WHERE name IN ('Administrator', 'Platform Operator')
ON CONFLICT DO NOTHING;
