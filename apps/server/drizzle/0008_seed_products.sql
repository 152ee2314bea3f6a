-- The catalogue's first values (compensation-plan.md sections 2, 7 and 8). Prices are USDT minor
-- units (6 places). Admins change prices and availability later; every change is a new row of
-- product_prices, and this seed is the first.
INSERT INTO "products" ("code", "kind", "name", "price", "attributes", "position", "seats") VALUES
  ('tariff-50', 'tariff', '50 Promo', 50000000, '{"includes_node": false, "node_kind": null, "nodes": 0, "matching_depth": 1, "bonus_cap_multiplier": 5}', 1, NULL),
  ('tariff-500', 'tariff', '500', 500000000, '{"includes_node": true, "node_kind": "virtual", "nodes": 1, "matching_depth": 3, "bonus_cap_multiplier": 5}', 2, NULL),
  ('tariff-1500', 'tariff', '1500', 1500000000, '{"includes_node": true, "node_kind": "device", "nodes": 1, "matching_depth": 5, "bonus_cap_multiplier": 5}', 3, NULL),
  ('tariff-3000', 'tariff', '3000', 3000000000, '{"includes_node": true, "node_kind": "device", "nodes": 1, "matching_depth": 7, "bonus_cap_multiplier": 5}', 4, NULL),
  ('tariff-7500', 'tariff', '7500', 7500000000, '{"includes_node": true, "node_kind": "device", "nodes": 2, "matching_depth": 9, "bonus_cap_multiplier": 5}', 5, NULL),
  ('tariff-45000', 'tariff', '45000', 45000000000, '{"includes_node": true, "node_kind": "device", "nodes": 10, "matching_depth": 10, "bonus_cap_multiplier": 5}', 6, NULL),
  ('device', 'device', 'DexNode', 1000000000, '{"radio_range_km": 10, "frequencies_mhz": [433, 915], "daily_dxn": "10"}', 10, NULL),
  ('starlink', 'starlink', 'Starlink add-on', 600000000, '{}', 11, NULL),
  ('virtual-node-100', 'virtual_node', 'Virtual node S', 100000000, '{"tier": 1, "daily_dxn": "2"}', 20, NULL),
  ('virtual-node-300', 'virtual_node', 'Virtual node M', 300000000, '{"tier": 2, "daily_dxn": "2"}', 21, NULL),
  ('virtual-node-500', 'virtual_node', 'Virtual node L', 500000000, '{"tier": 3, "daily_dxn": "2"}', 22, NULL),
  ('token-pack-1y', 'token_pack', 'Token pack, 1 year', 100000000, '{"lock_years": 1, "yield_bp": 1500, "min": "100", "max": "100000"}', 30, NULL),
  ('token-pack-2y', 'token_pack', 'Token pack, 2 years', 100000000, '{"lock_years": 2, "yield_bp": 2000, "min": "100", "max": "100000"}', 31, NULL),
  ('validator-key', 'validator_key', 'Validator key', 1500000000, '{"dxn_price_usdt": "1200"}', 40, NULL),
  ('event-ticket', 'event_ticket', 'Event ticket', 1000000000, '{"price_schedule": [{"before": "2026-10-31T00:00:00Z", "price": "500"}, {"before": "2026-12-01T00:00:00Z", "price": "750"}]}', 50, 100),
  ('gift-certificate', 'gift_certificate', 'Gift certificate', 10000000, '{"min": "10", "max": "10000"}', 60, NULL);
--> statement-breakpoint
INSERT INTO "product_prices" ("product_id", "price", "available", "attributes")
  SELECT "id", "price", "available", "attributes" FROM "products" ORDER BY "id";
