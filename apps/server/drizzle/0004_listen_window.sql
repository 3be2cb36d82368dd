CREATE TABLE "music_listeners" (
	"music_id" text NOT NULL,
	"listener" text NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "music_listeners_music_id_listener_pk" PRIMARY KEY("music_id","listener")
);
--> statement-breakpoint
ALTER TABLE "music_listeners" ADD CONSTRAINT "music_listeners_music_id_music_items_id_fk" FOREIGN KEY ("music_id") REFERENCES "public"."music_items"("id") ON DELETE cascade ON UPDATE no action;