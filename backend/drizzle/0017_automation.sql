CREATE TABLE "rule_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_version" integer,
	"scheduled_for" timestamp with time zone,
	"card_id" uuid,
	"status" text NOT NULL,
	"changes" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"board_id" uuid NOT NULL,
	"name" text NOT NULL,
	"trigger" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"cursor" integer NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "board_events" ALTER COLUMN "actor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "rule" jsonb;--> statement-breakpoint
ALTER TABLE "board_events" ADD COLUMN "rule" jsonb;--> statement-breakpoint
ALTER TABLE "rule_runs" ADD CONSTRAINT "rule_runs_rule_id_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rule_runs_rule_at_idx" ON "rule_runs" USING btree ("rule_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "rule_runs_event_once" ON "rule_runs" USING btree ("rule_id","event_version") WHERE "rule_runs"."event_version" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "rule_runs_schedule_once" ON "rule_runs" USING btree ("rule_id","scheduled_for") WHERE "rule_runs"."scheduled_for" is not null and "rule_runs"."card_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "rule_runs_due_once" ON "rule_runs" USING btree ("rule_id","card_id","scheduled_for") WHERE "rule_runs"."scheduled_for" is not null and "rule_runs"."card_id" is not null;--> statement-breakpoint
CREATE INDEX "rules_board_idx" ON "rules" USING btree ("board_id");--> statement-breakpoint
CREATE INDEX "rules_next_run_idx" ON "rules" USING btree ("next_run_at") WHERE "rules"."next_run_at" is not null;