ALTER TABLE "users" ADD COLUMN "local_email" text;--> statement-breakpoint
-- Addresses that already have several local accounts keep the oldest as the one that signs in (as the
-- sign-in lookup already chose it); the others stay, without a local address, so no data is lost.
UPDATE "users" SET "local_email" = "first"."address"
FROM (
  SELECT DISTINCT ON (lower(trim("u"."email"))) "u"."id", lower(trim("u"."email")) AS "address"
  FROM "users" "u"
  JOIN "accounts" "a" ON "a"."user_id" = "u"."id" AND "a"."provider_id" = 'credential'
  ORDER BY lower(trim("u"."email")), "u"."created_at", "u"."id"
) AS "first"
WHERE "users"."id" = "first"."id";--> statement-breakpoint
CREATE UNIQUE INDEX "users_local_email_idx" ON "users" USING btree ("local_email");
