CREATE TABLE "card_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"board_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	"from_list_id" uuid,
	"to_list_id" uuid
);
--> statement-breakpoint
ALTER TABLE "lists" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "card_history" ADD CONSTRAINT "card_history_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_history_board_entered_idx" ON "card_history" USING btree ("board_id","entered_at");--> statement-breakpoint
CREATE INDEX "card_history_card_entered_idx" ON "card_history" USING btree ("card_id","entered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_history_open_idx" ON "card_history" USING btree ("card_id") WHERE "card_history"."left_at" is null;--> statement-breakpoint
CREATE INDEX "card_history_board_left_idx" ON "card_history" USING btree ("board_id","left_at");--> statement-breakpoint
CREATE INDEX "card_history_board_open_idx" ON "card_history" USING btree ("board_id","list_id") WHERE "card_history"."left_at" is null;--> statement-breakpoint
-- The card history is written by the database, in the transaction of each change (docs/insights.md,
-- "The card history"). Inserted cards (created, copied, imported, restored with their list) open a
-- row: one statement-level call however many cards a statement inserts.
CREATE FUNCTION "card_history_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A card coming back (a deleted list restored) continues its history: its last stay names the
  -- list it came back to, and the new stay the list it was in before.
  UPDATE "card_history" h SET "to_list_id" = i."list_id"
  FROM "inserted_cards" i
  WHERE NOT i."is_archived" AND h."id" = (
    SELECT l."id" FROM "card_history" l WHERE l."card_id" = i."id" ORDER BY l."entered_at" DESC, l."id" DESC LIMIT 1);
  INSERT INTO "card_history" ("board_id", "card_id", "list_id", "entered_at", "from_list_id")
  SELECT i."board_id", i."id", i."list_id", now(), (
    SELECT l."list_id" FROM "card_history" l WHERE l."card_id" = i."id" ORDER BY l."entered_at" DESC, l."id" DESC LIMIT 1)
  FROM "inserted_cards" i WHERE NOT i."is_archived";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "card_history_inserted" AFTER INSERT ON "cards"
  REFERENCING NEW TABLE AS "inserted_cards" FOR EACH STATEMENT EXECUTE FUNCTION "card_history_inserted"();
--> statement-breakpoint
-- A card that changes lists, is deleted (archived) or is restored. A move closes the open stay
-- naming the next list and opens one; a delete closes it naming none; a restore names the list on
-- the stay its delete closed and opens one. The WHEN clause keeps every other update of a card free of it.
CREATE FUNCTION "card_history_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."is_archived" AND NOT NEW."is_archived" THEN
    UPDATE "card_history" SET "to_list_id" = NEW."list_id" WHERE "id" = (
      SELECT "id" FROM "card_history" WHERE "card_id" = NEW."id" ORDER BY "entered_at" DESC, "id" DESC LIMIT 1);
  ELSE
    UPDATE "card_history"
    SET "left_at" = now(), "to_list_id" = CASE WHEN NEW."is_archived" THEN NULL ELSE NEW."list_id" END
    WHERE "card_id" = NEW."id" AND "left_at" IS NULL;
  END IF;
  IF NOT NEW."is_archived" THEN
    INSERT INTO "card_history" ("board_id", "card_id", "list_id", "entered_at", "from_list_id")
    VALUES (NEW."board_id", NEW."id", NEW."list_id", now(), OLD."list_id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "card_history_moved" AFTER UPDATE OF "list_id", "is_archived" ON "cards" FOR EACH ROW
  WHEN (OLD."list_id" IS DISTINCT FROM NEW."list_id" OR OLD."is_archived" IS DISTINCT FROM NEW."is_archived")
  EXECUTE FUNCTION "card_history_moved"();
--> statement-breakpoint
-- Cards removed with their list: their stay ends now; the rows stay for the board's figures.
CREATE FUNCTION "card_history_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "card_history" h SET "left_at" = now()
  FROM "removed_cards" r WHERE h."card_id" = r."id" AND h."left_at" IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "card_history_removed" AFTER DELETE ON "cards"
  REFERENCING OLD TABLE AS "removed_cards" FOR EACH STATEMENT EXECUTE FUNCTION "card_history_removed"();
--> statement-breakpoint
-- Boards that exist before the history: each card's stays from the activities that named it
-- (created in a list, moved from one list to another, by the card's and the lists' titles), the
-- last stay in the card's list now. A card whose activities cannot be matched gets one stay in its
-- list from its creation. Deleted cards' last stay ends when they were deleted.
CREATE FUNCTION "card_history_backfill"() RETURNS void LANGUAGE sql AS $$
  WITH "named" AS (
    SELECT c."id" AS "card_id", c."board_id", a."created_at" AS "at", a."template",
      (SELECT l."id" FROM "lists" l WHERE l."board_id" = c."board_id"
        AND l."title" = a."params"->>(CASE a."template" WHEN 'card.created' THEN 'list' ELSE 'to' END)
        ORDER BY l."position" LIMIT 1) AS "list_id",
      (SELECT l."id" FROM "lists" l WHERE l."board_id" = c."board_id" AND l."title" = a."params"->>'from'
        ORDER BY l."position" LIMIT 1) AS "from_list_id"
    FROM "cards" c
    JOIN "activities" a ON a."board_id" = c."board_id" AND a."params"->>'card' = c."title"
      AND a."template" IN ('card.created', 'card.moved')
      AND a."created_at" >= c."created_at" - interval '5 seconds'
      AND (NOT c."is_archived" OR a."created_at" <= c."archived_at")
    WHERE NOT EXISTS (SELECT 1 FROM "card_history" h WHERE h."card_id" = c."id")
  ),
  "first_list" AS (
    SELECT DISTINCT ON ("card_id") "card_id",
      CASE "template" WHEN 'card.created' THEN "list_id" ELSE "from_list_id" END AS "list_id"
    FROM "named" ORDER BY "card_id", "at"
  ),
  "stays" AS (
    SELECT c."id" AS "card_id", c."board_id", c."created_at" AS "at",
      coalesce(f."list_id", c."list_id") AS "list_id"
    FROM "cards" c LEFT JOIN "first_list" f ON f."card_id" = c."id"
    WHERE NOT EXISTS (SELECT 1 FROM "card_history" h WHERE h."card_id" = c."id")
    UNION ALL
    SELECT "card_id", "board_id", greatest("at", (SELECT "created_at" FROM "cards" WHERE "id" = n."card_id")
      + interval '1 millisecond'), "list_id"
    FROM "named" n WHERE "template" = 'card.moved' AND "list_id" IS NOT NULL
  ),
  "ordered" AS (
    SELECT s.*, lag("list_id") OVER "w" AS "previous_list_id", row_number() OVER "w" AS "n"
    FROM "stays" s WINDOW "w" AS (PARTITION BY "card_id" ORDER BY "at")
  ),
  "kept" AS (
    SELECT * FROM "ordered" WHERE "n" = 1 OR "list_id" IS DISTINCT FROM "previous_list_id"
  ),
  "with_current" AS (
    SELECT "card_id", "board_id", "at", "list_id" FROM "kept"
    UNION ALL
    -- The card's list now, when its last named stay is elsewhere (a move no activity could name).
    SELECT c."id", c."board_id", last."at" + interval '1 millisecond', c."list_id"
    FROM "cards" c
    JOIN LATERAL (SELECT "at", "list_id" FROM "kept" k WHERE k."card_id" = c."id" ORDER BY "at" DESC LIMIT 1) last ON true
    WHERE last."list_id" <> c."list_id"
  )
  INSERT INTO "card_history" ("board_id", "card_id", "list_id", "entered_at", "left_at", "from_list_id", "to_list_id")
  SELECT w."board_id", w."card_id", w."list_id", w."at",
    coalesce(lead(w."at") OVER "w",
      CASE WHEN c."is_archived" THEN greatest(coalesce(c."archived_at", c."updated_at"), w."at") END),
    lag(w."list_id") OVER "w", lead(w."list_id") OVER "w"
  FROM "with_current" w JOIN "cards" c ON c."id" = w."card_id"
  WINDOW "w" AS (PARTITION BY w."card_id" ORDER BY w."at")
$$;
--> statement-breakpoint
SELECT "card_history_backfill"();
