import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { TVirtualNode } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { productName } from '../../../lib/product-label';
import { errorLines, fieldErrorsOf } from '../../../lib/errors';
import { formatAmount } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useUpgradeOptions } from '../api/get-upgrade-options';
import { useUpgradeVirtualNode } from '../api/upgrade-virtual-node';
import { Spinner } from '../../../components/Spinner';
import { OfferNote } from '../../../components/signed-in/OfferNote';
import { ErrorNote } from '../../../components/ErrorNote';
import { BalanceCheck, useFunds } from '../../../components/signed-in/BalanceCheck';

type Props = { node: TVirtualNode | null; onClose: () => void };

/** The virtual-node upgrade: the higher tiers with the difference to pay, an optional promo code. */
export function UpgradeNodeModal({ node, onClose }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [promocode, setPromocode] = useState<string | undefined>(undefined);
  const options = useUpgradeOptions(promocode, node !== null);
  const upgrade = useUpgradeVirtualNode();
  const [target, setTarget] = useState<string | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());

  const close = () => {
    setTarget(null);
    setTyped('');
    setPromocode(undefined);
    setIdempotencyKey(crypto.randomUUID());
    upgrade.reset();
    onClose();
  };
  const upgrades = options.data?.find((item) => item.node.id === node?.id)?.upgrades ?? [];
  const chosen = upgrades.find((option) => String(option.product_id) === target);
  const funds = useFunds(chosen?.total ?? '0');
  const promoError = fieldErrorsOf(options.error, t).promocode ?? fieldErrorsOf(upgrade.error, t).promocode;
  // A refusal of the upgrade itself (a short balance) shows in the modal, once (the call does not toast).
  const upgradeError =
    upgrade.error && !fieldErrorsOf(upgrade.error, t).promocode ? errorLines(upgrade.error, t) : [];

  return (
    <Modal
      opened={node !== null}
      onClose={close}
      title={t('products.nodes.upgradeTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {node && (
        <Stack>
          <Text size="sm">
            {t('products.nodes.upgradeFrom', { name: productName(node, t), tier: node.tier })}
          </Text>
          {options.isPending ? (
            <Spinner />
          ) : upgrades.length === 0 ? (
            <Alert color="gray">{t('products.nodes.topTier')}</Alert>
          ) : (
            <Radio.Group
              value={target}
              onChange={setTarget}
              label={t('products.nodes.upgradeTo')}
              data-testid="upgrade-options"
            >
              <Stack gap="xs" mt="xs">
                {upgrades.map((option) => (
                  <Radio
                    key={option.product_id}
                    value={String(option.product_id)}
                    label={t('products.nodes.upgradeOption', {
                      name: productName(option, t),
                      tier: option.tier,
                      total: formatAmount(option.total),
                    })}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              label={t('products.promocode')}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              error={promoError}
              style={{ flex: 1 }}
            />
            <Button variant="light" onClick={() => setPromocode(typed.trim() || undefined)}>
              {t('products.apply')}
            </Button>
          </Group>
          {chosen && (
            <Text fw={600} data-testid="upgrade-difference">
              {t('products.nodes.difference', {
                price: formatAmount(chosen.price),
                total: formatAmount(chosen.total),
              })}
            </Text>
          )}
          {chosen && <BalanceCheck funds={funds} onDeposit={close} testId="upgrade-funds" />}
          <ErrorNote lines={upgradeError} testId="upgrade-error" />
          <OfferNote />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('products.cancel')}
            </Button>
            <Button
              disabled={!chosen || funds.shortfall !== null}
              loading={upgrade.isPending}
              data-testid="upgrade-confirm"
              onClick={() =>
                chosen &&
                upgrade.mutate(
                  {
                    node_id: node.id,
                    product_id: chosen.product_id,
                    ...(promocode ? { promocode } : {}),
                    idempotencyKey,
                  },
                  {
                    onSuccess: (answer) => {
                      notify.success(t('products.nodes.upgraded', { name: productName(answer.node, t) }));
                      close();
                    },
                  },
                )
              }
            >
              {t('products.nodes.upgradeSubmit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
