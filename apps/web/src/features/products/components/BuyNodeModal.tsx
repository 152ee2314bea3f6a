import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TProductSentence } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { productName } from '../../../lib/product-label';
import { formatAmount } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useBuyVirtualNode } from '../api/buy-virtual-node';
import { OfferNote } from '../../../components/signed-in/OfferNote';
import { ErrorNote } from '../../../components/ErrorNote';
import { BalanceCheck, useFunds } from '../../../components/signed-in/BalanceCheck';

type Props = { offer: TProductSentence | null; onClose: () => void };

/**
 * Confirms the purchase of one virtual node at the offer's price, paid from the USDT balance: the
 * balance against the price first, and a refusal shown here, once.
 */
export function BuyNodeModal({ offer, onClose }: Props) {
  const { t } = useTranslation();
  const buy = useBuyVirtualNode();
  // One key per confirmation: a retry after a lost answer charges once.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const funds = useFunds(offer?.total ?? '0');
  const close = () => {
    setIdempotencyKey(crypto.randomUUID());
    buy.reset();
    onClose();
  };
  return (
    <Modal
      opened={offer !== null}
      onClose={close}
      title={t('products.nodes.buyTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {offer && (
        <Stack>
          <Text>
            {t('products.nodes.buyConfirm', {
              name: productName(offer, t),
              total: formatAmount(offer.total),
            })}
          </Text>
          <BalanceCheck funds={funds} onDeposit={close} testId="node-buy-funds" />
          <ErrorNote error={buy.error} testId="node-buy-error" />
          <OfferNote />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('products.cancel')}
            </Button>
            <Button
              loading={buy.isPending}
              disabled={funds.shortfall !== null}
              data-testid="node-buy-confirm"
              onClick={() =>
                buy.mutate(
                  { product_id: offer.product_id, idempotencyKey },
                  {
                    onSuccess: () => {
                      notify.success(t('products.nodes.bought', { name: productName(offer, t) }));
                      close();
                    },
                  },
                )
              }
            >
              {t('products.nodes.pay', { total: formatAmount(offer.total) })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
