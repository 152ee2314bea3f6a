import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_CONFIGS, getAllConfigs } from './get-all-configs';

afterEach(() => vi.unstubAllGlobals());

const CONFIGS = {
  server_time: '2026-11-28T12:00:00.000Z',
  black_friday: null,
  maintenance: null,
  winter_promo: { start: '2026-07-02T00:00:00.000Z', end: '2026-11-02T00:00:00.000Z', active: false },
};

describe('getAllConfigs', () => {
  it('answers the server configs', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(CONFIGS), { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    expect(await getAllConfigs()).toEqual(CONFIGS);
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/configs/get_all_configs/',
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('goes on with empty configs when the server fails (spec: "configs are set empty")', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{"detail":"Server error"}', { status: 500 })));
    expect(await getAllConfigs()).toBe(EMPTY_CONFIGS);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await getAllConfigs()).toEqual({});
  });
});
