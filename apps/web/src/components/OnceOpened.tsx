import { type ReactNode, Suspense, useState } from 'react';

/**
 * A dialog loaded on demand (`React.lazy`), rendered from its first opening on: its script is
 * not downloaded with the screen, and once opened it stays mounted, so it closes with its
 * transition (docs/web-performance.md).
 */
export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once ? <Suspense fallback={null}>{children}</Suspense> : null;
}
