import { SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/CountrySelect';

export type TShippingValues = {
  full_name: string;
  phone: string;
  country: string;
  city: string;
  address: string;
  postcode: string;
};

export const EMPTY_SHIPPING: TShippingValues = {
  full_name: '',
  phone: '',
  country: '',
  city: '',
  address: '',
  postcode: '',
};

type Props = {
  inputProps: (field: keyof TShippingValues) => GetInputPropsReturnType;
  country: string;
  countryError?: React.ReactNode;
  onCountry: (code: string) => void;
};

/** Where the devices go: the recipient, their phone and the postal address. */
export function ShippingFields({ inputProps, country, countryError, onCountry }: Props) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label={t('orders.shipping.fullName')}
        autoComplete="name"
        required
        {...inputProps('full_name')}
      />
      <TextInput
        label={t('orders.shipping.phone')}
        autoComplete="tel"
        inputMode="tel"
        required
        {...inputProps('phone')}
      />
      <CountrySelect value={country} onChange={(code) => onCountry(code)} error={countryError} required />
      <TextInput
        label={t('orders.shipping.city')}
        autoComplete="address-level2"
        required
        {...inputProps('city')}
      />
      <TextInput
        label={t('orders.shipping.address')}
        autoComplete="street-address"
        required
        {...inputProps('address')}
      />
      <TextInput
        label={t('orders.shipping.postcode')}
        autoComplete="postal-code"
        required
        {...inputProps('postcode')}
      />
    </SimpleGrid>
  );
}
