CREATE TABLE "attachment_blobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attachment_chunks" (
	"blob_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "attachment_chunks_blob_id_seq_pk" PRIMARY KEY("blob_id","seq")
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"board_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"blob_id" uuid NOT NULL,
	"thumbnail_blob_id" uuid,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"is_image" boolean DEFAULT false NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "cover_attachment_id" uuid;--> statement-breakpoint
ALTER TABLE "attachment_chunks" ADD CONSTRAINT "attachment_chunks_blob_id_attachment_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."attachment_blobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_blob_id_attachment_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."attachment_blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_thumbnail_blob_id_attachment_blobs_id_fk" FOREIGN KEY ("thumbnail_blob_id") REFERENCES "public"."attachment_blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_card_idx" ON "attachments" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE INDEX "attachments_board_idx" ON "attachments" USING btree ("board_id");--> statement-breakpoint
CREATE INDEX "attachments_blob_idx" ON "attachments" USING btree ("blob_id");--> statement-breakpoint
CREATE INDEX "attachments_thumbnail_blob_idx" ON "attachments" USING btree ("thumbnail_blob_id");--> statement-breakpoint
-- A blob goes with the last attachment that points at it, however that attachment goes (its
-- delete, or its card, list, board or uploader's boards deleted), in the same transaction.
CREATE FUNCTION "attachment_blobs_release"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "attachment_blobs" b
  WHERE b."id" IN (SELECT "blob_id" FROM gone UNION SELECT "thumbnail_blob_id" FROM gone WHERE "thumbnail_blob_id" IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM "attachments" a WHERE a."blob_id" = b."id" OR a."thumbnail_blob_id" = b."id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "attachments_release_blobs" AFTER DELETE ON "attachments"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "attachment_blobs_release"();
