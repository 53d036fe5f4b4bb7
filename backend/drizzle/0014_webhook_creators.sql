ALTER TABLE "webhooks" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhooks_created_by_idx" ON "webhooks" USING btree ("created_by");--> statement-breakpoint
-- Webhooks added before this column: only a board's owner manages its webhooks, so the owner added them.
UPDATE "webhooks" SET "created_by" = "boards"."owner_id" FROM "boards" WHERE "boards"."id" = "webhooks"."board_id";
