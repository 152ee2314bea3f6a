import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { tagged } from '../../lib/tagged';
import { LegalLink } from '../LegalLinks';

/** "By paying you accept the Contract Offer", with the offer's PDF: beside every pay button. */
export function OfferNote() {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed" data-testid="offer-note">
      {tagged(t('legal.acceptOffer'), {
        offer: (text) => <LegalLink document="contract-offer">{text}</LegalLink>,
      })}
    </Text>
  );
}
