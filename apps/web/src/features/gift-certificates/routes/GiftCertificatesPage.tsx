import { SimpleGrid, Stack } from '@mantine/core';
import { ActivateCertificate } from '../components/ActivateCertificate';
import { BuyCertificate } from '../components/BuyCertificate';
import { MyCertificates } from '../components/MyCertificates';

/** /shop/gift-certificates: buy one (its code shown once), activate a code, my certificates. */
export function GiftCertificatesPage() {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <BuyCertificate />
        <ActivateCertificate />
      </SimpleGrid>
      <MyCertificates />
    </Stack>
  );
}
