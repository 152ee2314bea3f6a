import { Paper, SimpleGrid } from '@mantine/core';
import { CreatePromocode } from '../components/CreatePromocode';
import { PromocodeList } from '../components/PromocodeList';

/** /profile/promocodes: the partner's promo codes (personal DexID, public, private). */
export function PromocodesTab() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder p="md">
        <CreatePromocode />
      </Paper>
      <Paper withBorder p="md">
        <PromocodeList />
      </Paper>
    </SimpleGrid>
  );
}
