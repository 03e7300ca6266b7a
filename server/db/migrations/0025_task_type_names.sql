ALTER TABLE "task_types" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The three types every tenant starts with, named in Spanish and French where the tenant kept their English names.
UPDATE "task_types" SET "names" = '{"es": "Urgente", "fr": "Urgent"}'::jsonb WHERE "name" = 'Urgent' AND "kind" = 'urgent' AND "names" = '{}'::jsonb;--> statement-breakpoint
UPDATE "task_types" SET "names" = '{"es": "Tarea", "fr": "Tâche"}'::jsonb WHERE "name" = 'Task' AND "kind" = 'task' AND "names" = '{}'::jsonb;--> statement-breakpoint
UPDATE "task_types" SET "names" = '{"es": "Comunicación", "fr": "Communication"}'::jsonb WHERE "name" = 'Communication' AND "kind" = 'communication' AND "names" = '{}'::jsonb;
