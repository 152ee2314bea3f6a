-- The company's ledger accounts, open from the start (modules/ledger/accounts.ts COMPANY_PURPOSES,
-- every currency): a transfer finds them instead of opening one on its first use, where two first
-- transfers at once would both open it. They keep no balance on their row. A purpose added later
-- is opened by its first transfer (an upsert), or added here.
INSERT INTO ledger_accounts (user_id, currency, purpose)
SELECT NULL, c.currency, p.purpose
FROM (VALUES ('USDT'), ('DXN'), ('DFT')) AS c(currency),
     (VALUES ('company:chain'), ('company:card'), ('company:withdrawal_fees'), ('company:adjustments'),
             ('company:dft_issued'), ('company:dft_redeemed'), ('company:dxn_issued'), ('company:sales'),
             ('company:gift_certificates'), ('company:product_yields'), ('company:validator_fees'),
             ('company:bonuses'), ('company:root_bonuses'), ('company:bonus_debts')) AS p(purpose)
ON CONFLICT DO NOTHING;
