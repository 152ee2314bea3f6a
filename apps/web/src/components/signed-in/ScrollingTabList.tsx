import { Box, Tabs, UnstyledButton } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const SIDES = ['start', 'end'] as const;
type TSide = (typeof SIDES)[number];

/**
 * A row of tabs that scrolls sideways when it is wider than the screen (a phone, a long language),
 * rather than growing into rows of tabs. Where tabs lie past an edge, a fade and an arrow button on
 * that edge say so; the open tab is scrolled into view.
 */
export function ScrollingTabList({ value, children }: { value: string; children: ReactNode }) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const row = list.current;
    if (!row) return;
    const start = row.scrollLeft > 1;
    const end = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
    setHidden((last) => (last.start === start && last.end === end ? last : { start, end }));
  }, []);

  useEffect(() => {
    const row = list.current;
    if (!row) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    for (const tab of row.children) observer.observe(tab);
    row.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      row.removeEventListener('scroll', measure);
    };
  }, [measure, children]);

  useEffect(() => {
    list.current
      ?.querySelector('[aria-selected="true"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [value]);

  const scroll = (side: TSide) => {
    const row = list.current;
    if (!row) return;
    const step = Math.max(row.clientWidth * 0.7, 80);
    row.scrollBy({ left: side === 'end' ? step : -step, behavior: 'smooth' });
  };

  return (
    <Box pos="relative">
      <Tabs.List
        ref={list}
        style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'none' }}
      >
        {children}
      </Tabs.List>
      {SIDES.map(
        (side) =>
          hidden[side] && (
            <UnstyledButton
              key={side}
              data-scroll-hint={side}
              data-testid={`tabs-more-${side}`}
              aria-label={t(side === 'end' ? 'common.moreTabsEnd' : 'common.moreTabsStart')}
              // The tabs are reached with the arrow keys too: the button is for the pointer.
              tabIndex={-1}
              onClick={() => scroll(side)}
              style={{
                position: 'absolute',
                top: 0,
                bottom: 2,
                [side === 'end' ? 'right' : 'left']: 0,
                width: 40,
                display: 'flex',
                alignItems: 'center',
                justifyContent: side === 'end' ? 'flex-end' : 'flex-start',
                paddingInline: 4,
                color: 'var(--mantine-color-indigo-8)',
                background: `linear-gradient(to ${side === 'end' ? 'right' : 'left'}, rgba(255, 255, 255, 0), var(--mantine-color-body) 60%)`,
              }}
            >
              <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
                <path
                  d={side === 'end' ? 'M6 3l5 5-5 5' : 'M10 3L5 8l5 5'}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </UnstyledButton>
          ),
      )}
    </Box>
  );
}
