import { SegmentedControl } from '@mantine/core';
import type { TChainCurrency } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** USDT or the DexNet token: the currencies that come and go on the chain. */
export function CurrencySwitch({
  value,
  onChange,
}: {
  value: TChainCurrency;
  onChange: (currency: TChainCurrency) => void;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      data={[
        { value: 'USDT', label: 'USDT' },
        { value: 'DXN', label: 'DexNet' },
      ]}
      aria-label={t('wallet.currency')}
      value={value}
      onChange={(currency) => onChange(currency)}
    />
  );
}
