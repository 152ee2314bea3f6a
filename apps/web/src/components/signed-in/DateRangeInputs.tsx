import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';

/** A list filter's days, `YYYY-MM-DD`, both inclusive (as the list calls take them). */
export type TDateRange = { date_from?: string; date_to?: string };

/**
 * The "From" and "To" day pickers of a list filter; neither lets a day past the other be picked.
 * `idPrefix` names the fields (`<prefix>-from`, `<prefix>-to`) and, through the popovers' ids,
 * their calendar popups.
 */
export function DateRangeInputs({
  idPrefix,
  value,
  onChange,
  width,
}: {
  idPrefix: string;
  value: TDateRange;
  onChange: (patch: TDateRange) => void;
  width?: number;
}) {
  const { t } = useTranslation();
  const shared = {
    valueFormat: 'DD.MM.YYYY',
    placeholder: t('transactions.pickDate'),
    clearable: true,
    previousLabel: t('transactions.previousMonth'),
    nextLabel: t('transactions.nextMonth'),
    clearButtonProps: { 'aria-label': t('transactions.clearDate') },
    w: width,
  } as const;
  return (
    <>
      <DatePickerInput
        label={t('transactions.from')}
        {...shared}
        id={`${idPrefix}-from`}
        popoverProps={{ id: `${idPrefix}-from-label` }}
        maxDate={value.date_to}
        value={value.date_from ?? null}
        onChange={(day) => onChange({ date_from: day ?? undefined })}
      />
      <DatePickerInput
        label={t('transactions.to')}
        {...shared}
        id={`${idPrefix}-to`}
        popoverProps={{ id: `${idPrefix}-to-label` }}
        minDate={value.date_from}
        value={value.date_to ?? null}
        onChange={(day) => onChange({ date_to: day ?? undefined })}
      />
    </>
  );
}
