import { Group, Pagination, Text } from '@mantine/core';
import { PAGE_SIZE } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

export function Pager({
  count,
  page,
  onChange,
}: {
  count: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {t('common.total', { count })}
      </Text>
      <Pagination
        total={Math.max(1, Math.ceil(count / PAGE_SIZE))}
        value={page}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': t(`common.pager.${control}`) })}
      />
    </Group>
  );
}
