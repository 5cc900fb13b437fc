/**
 * The build gives Mantine's AppShell sections a resize handle that draws nothing
 * (app/shell/no-resize-handle.ts, D65). Mantine's handle works only with AppShell's `resize`
 * controller, so our sources must not use one; and the file the build swaps must still be where the
 * build looks for it. The same for the hook that marks the shell "resizing" (app/shell/app-shell-resizing.ts,
 * D93), which the build also swaps.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '../src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

describe('the AppShell without its resize handle', () => {
  it('no source of ours resizes the shell', () => {
    // Mantine's handle returns null unless `resize` enables its section (`if (!controller?.[section].enabled)`).
    const users = files(src).filter((f) => {
      if (f.endsWith('no-resize-handle.ts')) return false;
      const text = readFileSync(f, 'utf8');
      return /useAppShellResize|<AppShell\b[^>]*\bresize=/s.test(text);
    });
    expect(users).toEqual([]);
  });

  it('the handle the build swaps is still Mantine’s file, and the swap draws nothing', async () => {
    const handle = join(
      import.meta.dirname,
      '../../node_modules/@mantine/core/esm/components/AppShell/AppShellResizeHandle/AppShellResizeHandle.mjs',
    );
    expect(existsSync(handle)).toBe(true);
    const { AppShellResizeHandle } = await import('../src/app/shell/no-resize-handle.ts');
    expect(AppShellResizeHandle({ section: 'navbar' })).toBeNull();
  });

  it('the shell’s "resizing" hook the build swaps (D93) is still where AppShell imports it', () => {
    const appShell = join(import.meta.dirname, '../../node_modules/@mantine/core/esm/components/AppShell');
    expect(readFileSync(join(appShell, 'AppShell.mjs'), 'utf8')).toContain('./use-resizing/use-resizing.mjs');
    // Same arguments as Mantine's, so the swap takes them as they are.
    expect(readFileSync(join(appShell, 'use-resizing/use-resizing.mjs'), 'utf8')).toMatch(
      /function useResizing\(\{ transitionDuration, disabled, resizeKey \}\)/,
    );
  });
});
