import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled block of the dashboard, named by its heading for assistive technology. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Title order={2} size="h4" mb="sm" id={`${id}-title`}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}
