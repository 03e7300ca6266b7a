ALTER TABLE "task_submission_files" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "task_attachments" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "task_file_uploads" ADD COLUMN "name" text;