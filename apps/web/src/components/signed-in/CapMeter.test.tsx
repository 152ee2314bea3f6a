import { MantineProvider } from '@mantine/core';
import type { TActivePackage } from '@portal/contracts';
import { createRoot } from 'react-dom/client';
import { act } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../testing/match-media';
import { CapMeter } from './CapMeter';

stubMatchMedia();
beforeAll(() => vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true));

const active = (earned: string): TActivePackage => ({
  package: null,
  status: 'Active',
  cap: '2500.00',
  earned,
  cap_left: (2500 - Number(earned)).toFixed(2),
  lost_profit_pending: '0.00',
});

async function render(value: TActivePackage): Promise<string> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <MantineProvider>
        <CapMeter active={value} />
      </MantineProvider>,
    );
    await Promise.resolve();
  });
  const text = container.textContent ?? '';
  act(() => root.unmount());
  container.remove();
  return text;
}

describe('the cap meter', () => {
  // Without i18next initialised, t() answers the key: the test sees which text is shown.
  it('says the spec message "Bonuses cannot exceed X5..." once the window is full', async () => {
    expect(await render(active('2500.00'))).toContain('messages.bonusCapReached');
  });

  it('says nothing of it before', async () => {
    expect(await render(active('2499.99'))).not.toContain('messages.bonusCapReached');
  });
});
