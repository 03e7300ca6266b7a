-- The reports' roll-up (0008) is only as good as what tells it a day changed. Every statement
-- that writes assignments, their submissions or acknowledgements, a task's type or department,
-- or a workspace's place in the tree appends the due dates it touched to report_stale_days, in
-- its own transaction: readers take a `live` day from the assignments until the job has rolled
-- it again, so a report never shows a rolled figure that a committed write has changed. A tree
-- move only changes which containers a store's days count under: those days are marked not live
-- (the containers' rows stay as of the last roll-up until the job re-rolls them).
--
-- Days up to today (UTC) are marked, not only rolled ones: the job rolls a new day after reading
-- the marks, so a write still running while the job rolls that day leaves its mark for the next
-- pass. Append-only: writers never wait on one another; statement-level: a bulk write of 70,000
-- assignments appends one row per distinct day.
CREATE FUNCTION report_mark_assignment_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_stale_days (tenant_id, due_date, live)
    SELECT DISTINCT c.tenant_id, c.due_date, true FROM new_rows c
    WHERE c.due_date <= (now() AT TIME ZONE 'UTC')::date;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_stale_days (tenant_id, due_date, live)
    SELECT DISTINCT c.tenant_id, c.due_date, true FROM old_rows c
    WHERE c.due_date <= (now() AT TIME ZONE 'UTC')::date;
  ELSE
    INSERT INTO report_stale_days (tenant_id, due_date, live)
    SELECT c.tenant_id, c.due_date, true
    FROM (SELECT tenant_id, due_date FROM old_rows UNION SELECT tenant_id, due_date FROM new_rows) c
    WHERE c.due_date <= (now() AT TIME ZONE 'UTC')::date;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER task_assignments_report_insert AFTER INSERT ON task_assignments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_assignment_days();
--> statement-breakpoint
CREATE TRIGGER task_assignments_report_update AFTER UPDATE ON task_assignments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_assignment_days();
--> statement-breakpoint
CREATE TRIGGER task_assignments_report_delete AFTER DELETE ON task_assignments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_assignment_days();
--> statement-breakpoint
-- Submissions (sent back) and acknowledgements (read) count in the team member report by the
-- due date of their assignment.
CREATE FUNCTION report_mark_assignment_child_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_stale_days (tenant_id, due_date, live)
    SELECT DISTINCT a.tenant_id, a.due_date, true
    FROM new_rows c JOIN task_assignments a ON a.tenant_id = c.tenant_id AND a.id = c.assignment_id
    WHERE a.due_date <= (now() AT TIME ZONE 'UTC')::date;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_stale_days (tenant_id, due_date, live)
    SELECT DISTINCT a.tenant_id, a.due_date, true
    FROM old_rows c JOIN task_assignments a ON a.tenant_id = c.tenant_id AND a.id = c.assignment_id
    WHERE a.due_date <= (now() AT TIME ZONE 'UTC')::date;
  ELSE
    INSERT INTO report_stale_days (tenant_id, due_date, live)
    SELECT DISTINCT a.tenant_id, a.due_date, true
    FROM (SELECT tenant_id, assignment_id FROM old_rows UNION SELECT tenant_id, assignment_id FROM new_rows) c
    JOIN task_assignments a ON a.tenant_id = c.tenant_id AND a.id = c.assignment_id
    WHERE a.due_date <= (now() AT TIME ZONE 'UTC')::date;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER task_submissions_report_insert AFTER INSERT ON task_submissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_assignment_child_days();
--> statement-breakpoint
CREATE TRIGGER task_submissions_report_update AFTER UPDATE ON task_submissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_assignment_child_days();
--> statement-breakpoint
CREATE TRIGGER task_submissions_report_delete AFTER DELETE ON task_submissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_assignment_child_days();
--> statement-breakpoint
CREATE TRIGGER task_acknowledgements_report_insert AFTER INSERT ON task_acknowledgements REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_assignment_child_days();
--> statement-breakpoint
CREATE TRIGGER task_acknowledgements_report_update AFTER UPDATE ON task_acknowledgements REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_assignment_child_days();
--> statement-breakpoint
CREATE TRIGGER task_acknowledgements_report_delete AFTER DELETE ON task_acknowledgements REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_assignment_child_days();
--> statement-breakpoint
-- The store and people rows are keyed by the task's type and department at the time of the roll.
CREATE FUNCTION report_mark_task_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_stale_days (tenant_id, due_date, live)
  SELECT DISTINCT a.tenant_id, a.due_date, true
  FROM old_rows o
  JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
  JOIN task_assignments a ON a.tenant_id = n.tenant_id AND a.task_id = n.id
  WHERE (o.type_id <> n.type_id OR o.department_id IS DISTINCT FROM n.department_id)
    AND a.due_date <= (now() AT TIME ZONE 'UTC')::date;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tasks_report_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_task_days();
--> statement-breakpoint
-- A workspace whose path changed (it, or a container above it, moved): its days count under
-- other containers now.
CREATE FUNCTION report_mark_moved_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_stale_days (tenant_id, due_date, live)
  SELECT DISTINCT a.tenant_id, a.due_date, false
  FROM old_rows o
  JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
  JOIN task_assignments a ON a.tenant_id = n.tenant_id AND a.workspace_node_id = n.id
  WHERE n.type = 'workspace' AND o.path <> n.path
    AND a.due_date <= (now() AT TIME ZONE 'UTC')::date;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER hierarchy_nodes_report_update AFTER UPDATE ON hierarchy_nodes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_moved_days();
