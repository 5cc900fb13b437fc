/**
 * What Mantine's AppShell sections render as their resize handle when the build points their import
 * here (vite.config.ts): nothing. The handle works only with AppShell's `resize` controller
 * (`useAppShellResize`), which our shell does not use; the real one is about 1.5 KB gzip of the entry
 * (D65). web/test/app-shell-parts.test.ts fails if a `resize` controller appears in our sources.
 */
export function AppShellResizeHandle(_props: { section: string; sectionId?: string }): null {
  return null;
}
