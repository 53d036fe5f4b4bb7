CREATE TABLE "lanes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"board_id" uuid NOT NULL,
	"title" text NOT NULL,
	"position" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "lane_id" uuid;--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "wip_limit" integer;--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "wip_mode" text DEFAULT 'soft' NOT NULL;--> statement-breakpoint
ALTER TABLE "lanes" ADD CONSTRAINT "lanes_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lanes_board_position_idx" ON "lanes" USING btree ("board_id","position");--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_lane_id_lanes_id_fk" FOREIGN KEY ("lane_id") REFERENCES "public"."lanes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_lane_idx" ON "cards" USING btree ("lane_id") WHERE "cards"."lane_id" is not null;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_wip_limit_range" CHECK ("lists"."wip_limit" between 1 and 999);--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_wip_mode_known" CHECK ("lists"."wip_mode" in ('soft', 'hard'));--> statement-breakpoint
-- Hard WIP limits are kept by the database, in the transaction of each change, so every way a card
-- enters a list is covered: created, copied, moved, restored by an undo, and any path added later
-- (docs/lanes.md, "Hard limits"). A change that leaves a hard-limited list with more open cards than
-- its limit is refused with SQLSTATE PW001 (the server answers 409 with this message). The board
-- row lock every change takes first means two changes never count the same free slot. An import,
-- a copied board and a list brought back by undo set `papan.wip` to `off` for their transaction:
-- they recreate cards, they do not add work.
CREATE FUNCTION "cards_wip_refuse"("title" text, "wip_limit" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'PW001', MESSAGE = format(
    'The list "%s" is at its limit of %s %s.', "title", "wip_limit",
    CASE WHEN "wip_limit" = 1 THEN 'card' ELSE 'cards' END);
END $$;
--> statement-breakpoint
CREATE FUNCTION "cards_wip_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE "over" record;
BEGIN
  IF current_setting('papan.wip', true) = 'off' THEN RETURN NULL; END IF;
  SELECT l."title", l."wip_limit" INTO "over" FROM "lists" l
  WHERE l."id" IN (SELECT i."list_id" FROM "inserted_cards" i WHERE NOT i."is_archived")
    AND l."wip_mode" = 'hard' AND l."wip_limit" IS NOT NULL
    AND (SELECT count(*) FROM "cards" c WHERE c."list_id" = l."id" AND NOT c."is_archived") > l."wip_limit"
  LIMIT 1;
  IF FOUND THEN PERFORM "cards_wip_refuse"("over"."title", "over"."wip_limit"); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "cards_wip_inserted" AFTER INSERT ON "cards"
  REFERENCING NEW TABLE AS "inserted_cards" FOR EACH STATEMENT EXECUTE FUNCTION "cards_wip_inserted"();
--> statement-breakpoint
-- A card that changes lists or comes back from the archive; the WHEN clause keeps reorders within a
-- list, and every other update of a card, free of it.
CREATE FUNCTION "cards_wip_entered"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE "over" record;
BEGIN
  IF current_setting('papan.wip', true) = 'off' THEN RETURN NULL; END IF;
  SELECT l."title", l."wip_limit" INTO "over" FROM "lists" l
  WHERE l."id" = NEW."list_id" AND l."wip_mode" = 'hard' AND l."wip_limit" IS NOT NULL
    AND (SELECT count(*) FROM "cards" c WHERE c."list_id" = l."id" AND NOT c."is_archived") > l."wip_limit";
  IF FOUND THEN PERFORM "cards_wip_refuse"("over"."title", "over"."wip_limit"); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "cards_wip_entered" AFTER UPDATE OF "list_id", "is_archived" ON "cards" FOR EACH ROW
  WHEN (NOT NEW."is_archived" AND (OLD."list_id" IS DISTINCT FROM NEW."list_id" OR OLD."is_archived"))
  EXECUTE FUNCTION "cards_wip_entered"();
--> statement-breakpoint
-- Events logged before this migration get the fields their payloads have since (no lane, no
-- limit), so every reader of the log still finds them valid (docs/realtime.md, "Event reference").
UPDATE "board_events" SET "payload" = "payload" || '{"laneId": null}'::jsonb
  WHERE "type" IN ('card.created', 'card.updated', 'card.copied', 'card.moved') AND NOT "payload" ? 'laneId';
--> statement-breakpoint
UPDATE "board_events" SET "payload" = "payload" || '{"wipLimit": null, "wipMode": "soft"}'::jsonb
  WHERE "type" IN ('list.created', 'list.updated') AND NOT "payload" ? 'wipMode';
--> statement-breakpoint
UPDATE "board_events" SET "payload" = jsonb_set("payload", '{cards}', (
    SELECT coalesce(jsonb_agg(c || '{"laneId": null}'::jsonb ORDER BY n), '[]'::jsonb)
    FROM jsonb_array_elements("payload" -> 'cards') WITH ORDINALITY AS e(c, n)))
  WHERE "type" = 'list.created' AND jsonb_typeof("payload" -> 'cards') = 'array'
    AND EXISTS (SELECT 1 FROM jsonb_array_elements("payload" -> 'cards') c WHERE NOT c ? 'laneId');
