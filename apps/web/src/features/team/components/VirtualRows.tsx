import { Box } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';

/**
 * A long list drawn a screenful at a time: only the rows in view (and a few around) are in the
 * page, so a list of a million rows costs the DOM what one of a hundred does. A named, focusable
 * region, so that it scrolls with the keyboard.
 */
export function VirtualRows<T>({
  rows,
  rowKey,
  rowHeight,
  maxHeight = 520,
  label,
  testId,
  children,
}: {
  rows: T[];
  rowKey: (row: T) => string;
  rowHeight: number;
  maxHeight?: number;
  label: string;
  testId: string;
  children: (row: T) => ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer's functions change with every scroll: this component is not memoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => rowKey(rows[index]!),
    overscan: 6,
  });
  const height = Math.min(maxHeight, Math.max(rowHeight, rows.length * rowHeight));
  return (
    <Box
      ref={scroller}
      role="region"
      aria-label={label}
      tabIndex={0}
      data-testid={testId}
      style={{ height, overflowY: 'auto', position: 'relative' }}
    >
      <div role="list" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.key}
            role="listitem"
            data-index={item.index}
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              right: 0,
              transform: `translateY(${item.start}px)`,
            }}
          >
            {children(rows[item.index]!)}
          </div>
        ))}
      </div>
    </Box>
  );
}
