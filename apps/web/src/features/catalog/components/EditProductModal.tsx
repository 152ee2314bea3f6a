import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { parseMinor, type TAdminProductUpdate, type TProduct, ZAdminProductUpdate } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, toApiAmount } from '../../../lib/format';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useAdminProductHistory } from '../api/admin-product-history';
import { useAdminUpdateProduct } from '../api/admin-update-product';
import { Spinner } from '../../../components/Spinner';

type TValues = { name: string; price: string; available: boolean };

/**
 * Edits a product's name, price and availability in two steps: the form, then the changes read
 * back (old -> new) for confirmation. The price shown is the product's own price: for a product
 * priced by a schedule, the one that applies after its last step (the latest price record).
 */
export function EditProductModal({ product, onClose }: { product: TProduct; onClose: () => void }) {
  const { t } = useTranslation();
  const history = useAdminProductHistory(product.id);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('catalog.editTitle', { name: product.name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {history.data ? (
        <EditForm product={product} basePrice={history.data[0]?.price ?? product.price} onClose={onClose} />
      ) : (
        <Spinner />
      )}
    </Modal>
  );
}

function EditForm({
  product,
  basePrice,
  onClose,
}: {
  product: TProduct;
  basePrice: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useAdminUpdateProduct();
  const [review, setReview] = useState<TAdminProductUpdate | null>(null);
  const scheduled = Array.isArray(product.attributes.price_schedule);

  /** Only what differs from the product now. */
  const toPatch = (values: TValues): TAdminProductUpdate => {
    const price = toApiAmount(values.price);
    const typed = parseMinor(price, 'USDT');
    return {
      ...(typed === null || typed !== parseMinor(basePrice, 'USDT') ? { price } : {}),
      ...(values.available !== product.available ? { available: values.available } : {}),
      ...(values.name.trim() !== product.name ? { name: values.name.trim() } : {}),
    };
  };
  const form = useForm<TValues>({
    initialValues: { name: product.name, price: formatAmount(basePrice), available: product.available },
    validate: (values) => zodValidate(ZAdminProductUpdate, t)(toPatch(values)),
  });
  const submit = form.onSubmit((values) => {
    const patch = toPatch(values);
    if (Object.keys(patch).length === 0) {
      form.setErrors({ price: t('common.nothingChanged') });
      return;
    }
    setReview(patch);
  });
  const confirm = () =>
    review &&
    update.mutate(
      { id: product.id, patch: review },
      {
        onSuccess: (saved) => {
          notify.success(t('catalog.saved', { name: saved.name }));
          onClose();
        },
      },
    );

  if (review) {
    const usdt = (amount: string) => t('catalog.usdt', { amount: formatAmount(amount) });
    const availability = (on: boolean) => (on ? t('catalog.onSale') : t('catalog.offSale'));
    return (
      <Stack data-testid="catalog-review">
        <Text size="sm" fw={600}>
          {t('catalog.reviewTitle')}
        </Text>
        <List size="sm" spacing={4}>
          {review.name !== undefined && (
            <List.Item>
              {t('catalog.changeLine', { field: t('catalog.name'), from: product.name, to: review.name })}
            </List.Item>
          )}
          {review.price !== undefined && (
            <List.Item data-testid="catalog-review-price">
              {t('catalog.changeLine', {
                field: t('catalog.price'),
                from: usdt(basePrice),
                to: usdt(review.price),
              })}
            </List.Item>
          )}
          {review.available !== undefined && (
            <List.Item>
              {t('catalog.changeLine', {
                field: t('catalog.availability'),
                from: availability(product.available),
                to: availability(review.available),
              })}
            </List.Item>
          )}
        </List>
        <Text size="sm" c="dimmed">
          {t('catalog.reviewNote')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setReview(null)}>
            {t('common.back')}
          </Button>
          <Button onClick={confirm} loading={update.isPending} data-testid="catalog-confirm">
            {t('catalog.confirm')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('catalog.name')} {...form.getInputProps('name')} data-testid="catalog-name" />
        <TextInput
          label={t('catalog.priceUsdt')}
          inputMode="decimal"
          {...form.getInputProps('price')}
          data-testid="catalog-price-input"
        />
        {scheduled && (
          <Alert color="blue" variant="light">
            {t('catalog.scheduleNote')}
          </Alert>
        )}
        <Checkbox
          label={t('catalog.availableLabel')}
          {...form.getInputProps('available', { type: 'checkbox' })}
          data-testid="catalog-available"
        />
        <Group justify="flex-end">
          <Button type="submit" data-testid="catalog-review-button">
            {t('catalog.review')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
