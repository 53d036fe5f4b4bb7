CREATE TABLE "card_members" (
	"card_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_members_card_id_user_id_pk" PRIMARY KEY("card_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "due_reminders" (
	"card_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "due_reminders_card_id_due_at_kind_pk" PRIMARY KEY("card_id","due_at","kind")
);
--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "due_complete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "card_members" ADD CONSTRAINT "card_members_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_members" ADD CONSTRAINT "card_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "due_reminders" ADD CONSTRAINT "due_reminders_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_members_user_idx" ON "card_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "cards_due_idx" ON "cards" USING btree ("due_at") WHERE "cards"."due_at" is not null and not "cards"."due_complete";