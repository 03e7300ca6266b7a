CREATE TABLE "scim_group_members" (
	"tenant_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"position_id" integer,
	CONSTRAINT "scim_group_members_tenant_id_group_id_user_id_pk" PRIMARY KEY("tenant_id","group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "scim_groups" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "scim_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"display_name" text NOT NULL,
	"external_id" text,
	"node_id" integer,
	"role_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scim_groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "scim_tokens" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "scim_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by_id" integer NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "scim_tokens_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "scim_users" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"external_id" text,
	CONSTRAINT "scim_users_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "activity_entries" ADD COLUMN "actor_directory_id" integer;--> statement-breakpoint
ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_tenant_id_group_id_scim_groups_tenant_id_id_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."scim_groups"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_groups" ADD CONSTRAINT "scim_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_groups" ADD CONSTRAINT "scim_groups_tenant_id_node_id_hierarchy_nodes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","node_id") REFERENCES "public"."hierarchy_nodes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_groups" ADD CONSTRAINT "scim_groups_tenant_id_role_id_roles_tenant_id_id_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "public"."roles"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_users" ADD CONSTRAINT "scim_users_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scim_group_members_user_idx" ON "scim_group_members" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scim_groups_name_uq" ON "scim_groups" USING btree ("tenant_id",lower("display_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "scim_tokens_hash_idx" ON "scim_tokens" USING btree ("tenant_id","token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "scim_tokens_name_uq" ON "scim_tokens" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "scim_users_external_idx" ON "scim_users" USING btree ("tenant_id","external_id");--> statement-breakpoint
-- An entry written by the company's directory over SCIM (issue 47) names the directory: its SCIM
-- token's id in actor_directory_id, its name in actor_name, actor_id NULL (the directory acts as the
-- tenant's, not as the administrator who made the token). Same rows and hash as 0027's function
-- otherwise; the application hashes the directory's id only when there is one, so every entry
-- written before keeps its hash, and a process of the previous release writes NULL as before.
CREATE OR REPLACE FUNCTION activity_append(p jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_tenant integer := (p->>'tenant_id')::integer;
  v_at timestamptz := (p->>'at')::timestamptz;
  v_material text := p->>'material';
  v_seq bigint;
  v_prev text;
  v_hash text;
BEGIN
  UPDATE activity_heads h
    SET seq = h.seq + 1, prev_hash = h.hash, updated_at = v_at,
      hash = encode(sha256(decode(replace(h.hash || '|' || (h.seq + 1)::text || '|' || v_material, '\', '\\'), 'escape')), 'hex')
    WHERE h.tenant_id = v_tenant
    RETURNING h.seq, h.prev_hash, h.hash INTO v_seq, v_prev, v_hash;
  IF NOT FOUND THEN
    INSERT INTO activity_heads AS h (tenant_id, seq, prev_hash, hash, updated_at)
      VALUES (v_tenant, 1, '', encode(sha256(decode(replace('|1|' || v_material, '\', '\\'), 'escape')), 'hex'), v_at)
      ON CONFLICT (tenant_id) DO UPDATE
        SET seq = h.seq + 1, prev_hash = h.hash, updated_at = excluded.updated_at,
          hash = encode(sha256(decode(replace(h.hash || '|' || (h.seq + 1)::text || '|' || v_material, '\', '\\'), 'escape')), 'hex')
      RETURNING h.seq, h.prev_hash, h.hash INTO v_seq, v_prev, v_hash;
  END IF;
  INSERT INTO activity_entries (tenant_id, seq, at, actor_id, actor_token_id, actor_directory_id, actor_name,
    actor_position, action, entity, entity_id, entity_name, changes, scope_path, ip, prev_hash, hash)
  VALUES (v_tenant, v_seq, v_at, (p->>'actor_id')::integer, (p->>'actor_token_id')::integer,
    (p->>'actor_directory_id')::integer, p->>'actor_name', p->>'actor_position', p->>'action', p->>'entity',
    p->>'entity_id', p->>'entity_name', p->'changes', p->>'scope_path', p->>'ip', v_prev, v_hash);
END
$$;
