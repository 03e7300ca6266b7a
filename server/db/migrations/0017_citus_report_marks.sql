-- Citus: the report roll-up's day marks (0009) keep working when the tables are distributed. There
-- a trigger fires on each shard, on a worker, where a query naming a distributed table is a nested
-- distributed query Citus refuses; the marks of a statement's rows belong to the same tenants,
-- whose rows of report_stale_days and task_assignments sit in the colocated shards on that worker.
-- So the functions read and write the relation colocated with the one the trigger fired on
-- (report_colocated): on plain PostgreSQL and PGlite that is the table itself, and the marks are
-- the same as before.
CREATE OR REPLACE FUNCTION report_colocated(source oid, target text) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  suffix text := substring((SELECT relname FROM pg_class WHERE oid = source) FROM '_([0-9]+)$');
  shard bigint;
BEGIN
  IF suffix IS NULL OR to_regclass('pg_catalog.pg_dist_shard') IS NULL THEN
    RETURN quote_ident(target);
  END IF;
  EXECUTE 'SELECT t.shardid FROM pg_dist_shard s JOIN pg_dist_shard t
             ON t.logicalrelid = to_regclass($2) AND t.shardminvalue = s.shardminvalue
           WHERE s.shardid = $1'
    INTO shard USING suffix::bigint, target;
  IF shard IS NULL THEN
    RETURN quote_ident(target);
  END IF;
  RETURN quote_ident(target || '_' || shard);
END
$$;
--> statement-breakpoint
-- The INSERT of day marks `marks` (a SELECT of tenant_id, due_date, live) into report_stale_days,
-- or into its shard colocated with `source`. A shard has no column defaults (on Citus the
-- coordinator fills them in): there the id comes from the worker's copy of the sequence.
CREATE OR REPLACE FUNCTION report_marks_sql(source oid, marks text) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  stale text := report_colocated(source, 'report_stale_days');
BEGIN
  IF stale = 'report_stale_days' THEN
    RETURN 'INSERT INTO report_stale_days (tenant_id, due_date, live) ' || marks;
  END IF;
  RETURN format('INSERT INTO %s (id, tenant_id, due_date, live) SELECT nextval(%L), m.* FROM (%s) m',
    stale, 'report_stale_days_id_seq', marks);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_mark_assignment_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE report_marks_sql(TG_RELID, 'SELECT DISTINCT c.tenant_id, c.due_date, true FROM new_rows c
      WHERE c.due_date <= (now() AT TIME ZONE ''UTC'')::date');
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE report_marks_sql(TG_RELID, 'SELECT DISTINCT c.tenant_id, c.due_date, true FROM old_rows c
      WHERE c.due_date <= (now() AT TIME ZONE ''UTC'')::date');
  ELSE
    EXECUTE report_marks_sql(TG_RELID, 'SELECT c.tenant_id, c.due_date, true
      FROM (SELECT tenant_id, due_date FROM old_rows UNION SELECT tenant_id, due_date FROM new_rows) c
      WHERE c.due_date <= (now() AT TIME ZONE ''UTC'')::date');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_mark_assignment_child_days() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  assignments text := report_colocated(TG_RELID, 'task_assignments');
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE report_marks_sql(TG_RELID, format('SELECT DISTINCT a.tenant_id, a.due_date, true
      FROM new_rows c JOIN %s a ON a.tenant_id = c.tenant_id AND a.id = c.assignment_id
      WHERE a.due_date <= (now() AT TIME ZONE ''UTC'')::date', assignments));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE report_marks_sql(TG_RELID, format('SELECT DISTINCT a.tenant_id, a.due_date, true
      FROM old_rows c JOIN %s a ON a.tenant_id = c.tenant_id AND a.id = c.assignment_id
      WHERE a.due_date <= (now() AT TIME ZONE ''UTC'')::date', assignments));
  ELSE
    EXECUTE report_marks_sql(TG_RELID, format('SELECT DISTINCT a.tenant_id, a.due_date, true
      FROM (SELECT tenant_id, assignment_id FROM old_rows UNION SELECT tenant_id, assignment_id FROM new_rows) c
      JOIN %s a ON a.tenant_id = c.tenant_id AND a.id = c.assignment_id
      WHERE a.due_date <= (now() AT TIME ZONE ''UTC'')::date', assignments));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_mark_task_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE report_marks_sql(TG_RELID, format('SELECT DISTINCT a.tenant_id, a.due_date, true
    FROM old_rows o
    JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
    JOIN %s a ON a.tenant_id = n.tenant_id AND a.task_id = n.id
    WHERE (o.type_id <> n.type_id OR o.department_id IS DISTINCT FROM n.department_id)
      AND a.due_date <= (now() AT TIME ZONE ''UTC'')::date',
    report_colocated(TG_RELID, 'task_assignments')));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_mark_moved_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE report_marks_sql(TG_RELID, format('SELECT DISTINCT a.tenant_id, a.due_date, false
    FROM old_rows o
    JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
    JOIN %s a ON a.tenant_id = n.tenant_id AND a.workspace_node_id = n.id
    WHERE n.type = ''workspace'' AND o.path <> n.path
      AND a.due_date <= (now() AT TIME ZONE ''UTC'')::date',
    report_colocated(TG_RELID, 'task_assignments')));
  RETURN NULL;
END
$$;
