-- The event a ticket is for, named on the ticket's card (issue 20; docs/shop.md "Event tickets"): its
-- name and venue; its days are the programme's (`event_schedule`). A placeholder until the organisers
-- publish theirs, like the programme: admins change it as any product attribute
-- (PATCH /api/v1/admin/products/:id/ with `attributes.event_name` and `attributes.event_venue`).
UPDATE "products" SET "attributes" = "attributes" || '{"event_name": "DexNet Partner Forum 2027", "event_venue": "Dubai"}'::jsonb, "updated_at" = now()
  WHERE "code" = 'event-ticket';
--> statement-breakpoint
INSERT INTO "product_prices" ("product_id", "price", "available", "attributes")
  SELECT "id", "price", "available", "attributes" FROM "products" WHERE "code" = 'event-ticket';
