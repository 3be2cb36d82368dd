CREATE INDEX "music_items_owner_title_idx" ON "music_items" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "music_items_owner_likes_idx" ON "music_items" USING btree ("owner_id","likes_count");--> statement-breakpoint
CREATE INDEX "music_items_owner_views_count_idx" ON "music_items" USING btree ("owner_id","views_count");