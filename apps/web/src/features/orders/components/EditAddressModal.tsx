import { Button, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TOrder, ZUpdateOrderRequest } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { generalErrorLines } from '../../../lib/errors';
import { showServerErrors, zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useUpdateOrder } from '../api/update-order';
import { EMPTY_SHIPPING, ShippingFields, type TShippingValues } from './ShippingFields';
import { ErrorNote } from '../../../components/ErrorNote';

/** Changes where an order goes, until it is in transit. */
export function EditAddressModal({ order, onClose }: { order: TOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateOrder();
  const form = useForm<{ shipping: TShippingValues }>({
    initialValues: { shipping: order.shipping ?? EMPTY_SHIPPING },
    validate: (values) => zodValidate(ZUpdateOrderRequest, t)({ order_id: order.id, ...values }),
  });
  // A refusal of the change as a whole (the order has left for shipping meanwhile) stays in the
  // modal, not only in a 2-second toast; a field's message is on its field.
  const general = generalErrorLines(update.error, t);
  const submit = form.onSubmit((values) =>
    update.mutate(
      { order_id: order.id, shipping: ZUpdateOrderRequest.shape.shipping.parse(values.shipping) },
      {
        onSuccess: () => {
          notify.success(t('orders.address.saved'));
          onClose();
        },
        onError: (error) => showServerErrors(form, error, t),
      },
    ),
  );
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('orders.address.title', { number: order.number })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <ShippingFields
            inputProps={(field) => form.getInputProps(`shipping.${field}`)}
            country={form.values.shipping.country}
            countryError={form.errors['shipping.country']}
            onCountry={(code) => form.setFieldValue('shipping.country', code)}
          />
          <ErrorNote lines={general} testId="address-error" />
          <Button type="submit" loading={update.isPending} data-testid="address-save">
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
