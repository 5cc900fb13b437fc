/**
 * What Mantine's AppShell header, aside and footer take from react-remove-scroll: the two class names
 * that keep them clear of the scroll bar while an overlay locks the page's scroll. The build points
 * their import here (vite.config.ts), so the scroll lock itself (react-remove-scroll and its helpers,
 * about 3.5 KB gzip) loads with the first overlay, not with the shell. The real library, when an
 * overlay opens, styles these same class names; web/test/remove-scroll-class-names.test.ts holds the
 * two equal.
 */
export const RemoveScroll = {
  classNames: {
    fullWidth: 'width-before-scroll-bar',
    zeroRight: 'right-scroll-bar-position',
  },
} as const;
