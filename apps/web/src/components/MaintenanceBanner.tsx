import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAllConfigs } from '../api/get-all-configs';
import { formatDateTime } from '../lib/format';

/**
 * The maintenance notice (compensation-plan.md section 9): from the configured days before the
 * window to its end, on the public and the signed-in screens. Nothing without configs.
 */
export function MaintenanceBanner() {
  const { t } = useTranslation();
  const { maintenance } = useAllConfigs();
  if (!maintenance?.notice) return null;
  const values = { start: formatDateTime(maintenance.start), end: formatDateTime(maintenance.end) };
  return (
    <Alert color="orange" variant="light" mb="md" role="status" data-testid="maintenance-banner">
      {maintenance.active ? t('common.maintenanceNow', values) : t('common.maintenanceSoon', values)}
    </Alert>
  );
}
