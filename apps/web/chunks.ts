import { resolve } from 'node:path';
import type { ChunkingContext } from 'rolldown';

/**
 * How the screens' shared code is grouped into chunks (docs/web-performance.md).
 *
 * By itself the bundler makes a chunk for every set of screens that share a module: `/dashboard`
 * came in 65 scripts, most under 2 KB, and a phone on a slow network pays a round trip for each
 * (Lighthouse's mobile model: 6 connections, 150 ms a round trip). Three groups instead:
 *
 * - `sign-in`: what the sign-in screen imports beyond the entry (the entry's own imports are in
 *   the entry's chunk). A visitor of `/login` downloads the same modules as before, in one file.
 * - `signed-in`: what the signed-in frame imports that no public screen (sign-in, sign-up,
 *   password recovery) imports.
 * - `signed-in-later`: what the frame imports that public screens load only on demand (the
 *   toasts, the legal documents' dialog), so that a public screen loading one of those does not
 *   download the whole frame.
 *
 * Every other module stays where the bundler puts it (a screen's own code in the screen's chunk),
 * and so do the screens' own modules. A public screen added outside `features/auth/routes` still
 * works; it would merely download the `signed-in` chunk with what it shares with the frame.
 */
/** A package's entry that re-exports the package (`@mantine/dates/esm/index.mjs`). */
const PACKAGE_INDEX = /[\\/]node_modules[\\/].*[\\/]index\.[cm]?js$/;

export function chunkGroups(root: string) {
  const at = (path: string) => resolve(root, path);
  const router = at('src/app/router.tsx');
  const publicScreens = at('src/features/auth/routes');
  let groups: Map<string, string> | null = null;

  /** `starts` and everything they import statically, into `into`. */
  /**
   * `starts` and everything they import statically, into `into`. A package's index re-exports all
   * of the package, used or not: `throughIndexes: false` stops there (what a group captures must
   * be used, or the chunk would import the unused modules' dependencies, a date picker's popover
   * say); the sets that keep modules out of a group go through (keeping out more is safe).
   */
  const closure = (
    ctx: ChunkingContext,
    starts: string[],
    into = new Set<string>(),
    throughIndexes = true,
  ) => {
    const stack = [...starts];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (into.has(id)) continue;
      into.add(id);
      if (!throughIndexes && PACKAGE_INDEX.test(id)) continue;
      stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return into;
  };

  const classify = (ctx: ChunkingContext) => {
    const entry = closure(ctx, [at('src/main.tsx')]);
    const signInScreen = at('src/features/auth/routes/LoginPage.tsx');
    const signIn = closure(ctx, [signInScreen], new Set(), false);
    const publicStatic = new Set(entry);
    for (const id of ctx.getModuleInfo(router)?.dynamicallyImportedIds ?? [])
      if (id.startsWith(publicScreens)) closure(ctx, [id], publicStatic);
    // What public modules load on demand (another language, the toasts, the two-factor field),
    // except the router's signed-in screens.
    const publicLater = new Set<string>();
    for (let grown = true; grown;) {
      grown = false;
      for (const id of [...publicStatic, ...publicLater]) {
        if (id === router) continue;
        for (const loaded of ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
          if (!publicStatic.has(loaded) && !publicLater.has(loaded)) {
            closure(ctx, [loaded], publicLater);
            grown = true;
          }
      }
    }
    const frameRoots = [
      'src/app/shells/SignedInShell.tsx',
      'src/app/dates.tsx',
      'src/app/styles/signed-in.ts',
    ].map(at);
    const frame = closure(ctx, frameRoots, new Set(), false);
    // The screens themselves keep a chunk of their own (the manifest names a route's chunk).
    signIn.delete(signInScreen);
    for (const id of frameRoots) frame.delete(id);
    const result = new Map<string, string>();
    for (const id of signIn) if (!entry.has(id)) result.set(id, 'sign-in');
    for (const id of frame) {
      if (publicStatic.has(id)) continue;
      result.set(id, publicLater.has(id) ? 'signed-in-later' : 'signed-in');
    }
    return result;
  };

  return (id: string, ctx: ChunkingContext): string | null => {
    groups ??= classify(ctx);
    return groups.get(id) ?? null;
  };
}
