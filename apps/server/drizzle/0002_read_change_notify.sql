-- Processes keep songs and playlists in memory between requests; every change to what they keep announces
-- itself on this channel once its transaction commits, whichever process, job or operator command made it.
-- Likes and listens (the counters) have their own announcement, below.
CREATE FUNCTION "bops_notify_read_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bops_read_change', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "playlists_read_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "playlists"
  FOR EACH STATEMENT EXECUTE FUNCTION "bops_notify_read_change"();
--> statement-breakpoint
CREATE TRIGGER "playlist_items_read_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "playlist_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "bops_notify_read_change"();
--> statement-breakpoint
CREATE TRIGGER "music_items_read_change" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "id", "owner_id", "name",
  "author", "contact_email", "status", "is_private", "hidden", "src_key", "lyrics_key", "lyrics_text",
  "thumbnail_key", "cover_key", "waveform_key", "duration_seconds", "archived", "prompt", "context", "created_at"
  ON "music_items" FOR EACH STATEMENT EXECUTE FUNCTION "bops_notify_read_change"();
--> statement-breakpoint
-- Likes and listens announce the song whose counts moved, so only that song's counts are read again.
CREATE FUNCTION "bops_notify_count_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'music_items' THEN
    PERFORM pg_notify('bops_count_change', NEW.id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('bops_count_change', OLD.music_id);
  ELSE
    PERFORM pg_notify('bops_count_change', NEW.music_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "music_items_count_change" AFTER UPDATE OF "likes_count", "views_count" ON "music_items"
  FOR EACH ROW EXECUTE FUNCTION "bops_notify_count_change"();
--> statement-breakpoint
CREATE TRIGGER "music_likes_count_change" AFTER INSERT OR UPDATE OR DELETE ON "music_likes"
  FOR EACH ROW EXECUTE FUNCTION "bops_notify_count_change"();
--> statement-breakpoint
-- A signed-in request may be answered from memory; an ended session (sign-out, a terminated account) announces
-- its id so every process forgets it at once.
CREATE FUNCTION "bops_notify_session_end"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bops_session_end', OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_end" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "bops_notify_session_end"();
