-- Each discount of a tariff purchase request by its source (promocode, black_friday), so that the
-- purchase paid from it records where its discount came from.
ALTER TABLE "purchase_requests" ADD COLUMN "discounts" jsonb DEFAULT '[]'::jsonb NOT NULL;
