CREATE TABLE "board_events" (
	"board_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"type" text NOT NULL,
	"actor_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_events_board_id_version_pk" PRIMARY KEY("board_id","version")
);
--> statement-breakpoint
ALTER TABLE "board_events" ADD CONSTRAINT "board_events_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_events_occurred_at_idx" ON "board_events" USING btree ("occurred_at");