CREATE TABLE "undo_blob_refs" (
	"undo_id" uuid NOT NULL,
	"blob_id" uuid NOT NULL,
	CONSTRAINT "undo_blob_refs_undo_id_blob_id_pk" PRIMARY KEY("undo_id","blob_id")
);
--> statement-breakpoint
CREATE TABLE "undo_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"board_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"snapshot" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "undo_entries_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "undo_blob_refs" ADD CONSTRAINT "undo_blob_refs_undo_id_undo_entries_id_fk" FOREIGN KEY ("undo_id") REFERENCES "public"."undo_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "undo_blob_refs" ADD CONSTRAINT "undo_blob_refs_blob_id_attachment_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."attachment_blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "undo_entries" ADD CONSTRAINT "undo_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "undo_blob_refs_blob_idx" ON "undo_blob_refs" USING btree ("blob_id");--> statement-breakpoint
CREATE INDEX "undo_entries_expires_idx" ON "undo_entries" USING btree ("expires_at");--> statement-breakpoint
-- A blob also stays while an undo entry keeps it (docs/api.md, "Undo"): a deleted attachment's file
-- must be there if the deletion is undone within its window.
CREATE OR REPLACE FUNCTION "attachment_blobs_release"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "attachment_blobs" b
  WHERE b."id" IN (SELECT "blob_id" FROM gone UNION SELECT "thumbnail_blob_id" FROM gone WHERE "thumbnail_blob_id" IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM "attachments" a WHERE a."blob_id" = b."id" OR a."thumbnail_blob_id" = b."id")
    AND NOT EXISTS (SELECT 1 FROM "undo_blob_refs" u WHERE u."blob_id" = b."id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- When an undo entry lets go of a blob (used, expired, its user or board gone), the blob goes too
-- unless an attachment or another entry still names it.
CREATE FUNCTION "undo_blob_refs_release"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "attachment_blobs" b
  WHERE b."id" IN (SELECT "blob_id" FROM gone)
    AND NOT EXISTS (SELECT 1 FROM "attachments" a WHERE a."blob_id" = b."id" OR a."thumbnail_blob_id" = b."id")
    AND NOT EXISTS (SELECT 1 FROM "undo_blob_refs" u WHERE u."blob_id" = b."id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "undo_blob_refs_release_blobs" AFTER DELETE ON "undo_blob_refs"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "undo_blob_refs_release"();
