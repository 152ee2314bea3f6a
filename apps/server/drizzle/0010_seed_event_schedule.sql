-- The event ticket's programme, shown in the ticket's schedule modal (docs/shop.md "Event tickets").
-- A placeholder until the organisers publish theirs: admins change it as any product attribute
-- (PATCH /api/v1/admin/products/:id/ with `attributes.event_schedule`), every change kept.
UPDATE "products" SET "attributes" = "attributes" || '{"event_schedule": [{"starts_at": "2027-02-12T09:00:00Z", "title": "Registration and welcome"}, {"starts_at": "2027-02-12T10:00:00Z", "title": "Opening: the DexNet network and roadmap"}, {"starts_at": "2027-02-12T13:00:00Z", "title": "Partner sessions and workshops"}, {"starts_at": "2027-02-12T17:00:00Z", "title": "Awards: Silver, Gold and Platinum"}, {"starts_at": "2027-02-12T19:00:00Z", "title": "Gala dinner"}]}'::jsonb, "updated_at" = now()
  WHERE "code" = 'event-ticket';
--> statement-breakpoint
INSERT INTO "product_prices" ("product_id", "price", "available", "attributes")
  SELECT "id", "price", "available", "attributes" FROM "products" WHERE "code" = 'event-ticket';
