import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A wide table's frame: it scrolls sideways on a narrow screen, becomes stacked rows under 600 px
 * (`.stacked-table` in app/overrides.css; each cell carries its column name in `data-label`), and
 * is a named region that takes keyboard focus, so its scroll area is reachable without a mouse.
 */
export function StackedTable({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      className="stacked-table"
      type="native"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      {children}
    </Table.ScrollContainer>
  );
}
