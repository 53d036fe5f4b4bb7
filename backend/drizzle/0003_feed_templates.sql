ALTER TABLE "activities" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;