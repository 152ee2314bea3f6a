import { Alert, Button, Stack } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** How long a screen's script may take to load (product-spec.md section 9: 120 seconds). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A screen's script that did not arrive in time (or failed to load). */
export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('The screen could not be loaded', { cause });
  }
}

/**
 * `load` (a screen's dynamic import), refused with ChunkLoadError when it fails or has not
 * arrived after `ms`: a stalled connection ends in a clear message, not an endless blank.
 */
export function withTimeout<M>(load: () => Promise<M>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<M> {
  return new Promise<M>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError()), ms);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error));
      },
    );
  });
}

function LoadFailed() {
  const { t } = useTranslation();
  return (
    <Stack p="md" maw={480} data-testid="screen-load-failed">
      <Alert color="red" role="alert">
        {t('common.loadFailed')}
      </Alert>
      <Button variant="light" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </Stack>
  );
}

/** Shows LoadFailed in place of a screen whose script could not be loaded; other errors go on up. */
export class ScreenLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(error: unknown): { failed: boolean } | null {
    if (error instanceof ChunkLoadError) return { failed: true };
    throw error;
  }

  override render() {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}
