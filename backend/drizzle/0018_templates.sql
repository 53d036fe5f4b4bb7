ALTER TABLE "boards" ADD COLUMN "is_template" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "is_template" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A template card is no work: the hard WIP limits count open cards that are not templates, a
-- template enters a full list freely, and a template made a card again enters it as a card does
-- (docs/lanes.md, "Hard limits"; docs/product.md, "Templates").
CREATE OR REPLACE FUNCTION "cards_wip_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE "over" record;
BEGIN
  IF current_setting('papan.wip', true) = 'off' THEN RETURN NULL; END IF;
  SELECT l."title", l."wip_limit" INTO "over" FROM "lists" l
  WHERE l."id" IN (SELECT i."list_id" FROM "inserted_cards" i WHERE NOT i."is_archived" AND NOT i."is_template")
    AND l."wip_mode" = 'hard' AND l."wip_limit" IS NOT NULL
    AND (SELECT count(*) FROM "cards" c
         WHERE c."list_id" = l."id" AND NOT c."is_archived" AND NOT c."is_template") > l."wip_limit"
  LIMIT 1;
  IF FOUND THEN PERFORM "cards_wip_refuse"("over"."title", "over"."wip_limit"); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "cards_wip_entered"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE "over" record;
BEGIN
  IF current_setting('papan.wip', true) = 'off' THEN RETURN NULL; END IF;
  SELECT l."title", l."wip_limit" INTO "over" FROM "lists" l
  WHERE l."id" = NEW."list_id" AND l."wip_mode" = 'hard' AND l."wip_limit" IS NOT NULL
    AND (SELECT count(*) FROM "cards" c
         WHERE c."list_id" = l."id" AND NOT c."is_archived" AND NOT c."is_template") > l."wip_limit";
  IF FOUND THEN PERFORM "cards_wip_refuse"("over"."title", "over"."wip_limit"); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "cards_wip_entered" ON "cards";
--> statement-breakpoint
CREATE TRIGGER "cards_wip_entered" AFTER UPDATE OF "list_id", "is_archived", "is_template" ON "cards" FOR EACH ROW
  WHEN (NOT NEW."is_archived" AND NOT NEW."is_template"
    AND (OLD."list_id" IS DISTINCT FROM NEW."list_id" OR OLD."is_archived" OR OLD."is_template"))
  EXECUTE FUNCTION "cards_wip_entered"();
--> statement-breakpoint
-- Events logged before this migration get the field their payloads have since (not a template),
-- so every reader of the log still finds them valid (docs/realtime.md, "Event reference").
UPDATE "board_events" SET "payload" = "payload" || '{"isTemplate": false}'::jsonb
  WHERE "type" IN ('card.created', 'card.updated', 'card.copied', 'board.created', 'board.updated')
    AND NOT "payload" ? 'isTemplate';
--> statement-breakpoint
UPDATE "board_events" SET "payload" = jsonb_set("payload", '{cards}', (
    SELECT coalesce(jsonb_agg(c || '{"isTemplate": false}'::jsonb ORDER BY n), '[]'::jsonb)
    FROM jsonb_array_elements("payload" -> 'cards') WITH ORDINALITY AS e(c, n)))
  WHERE "type" = 'list.created' AND jsonb_typeof("payload" -> 'cards') = 'array'
    AND EXISTS (SELECT 1 FROM jsonb_array_elements("payload" -> 'cards') c WHERE NOT c ? 'isTemplate');
