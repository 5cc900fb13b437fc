/**
 * The AppShell's stand-in for react-remove-scroll (app/shell/remove-scroll-class-names.ts) names the
 * same classes the real scroll lock styles when an overlay opens; otherwise the header would jump
 * under an open dialog.
 */
import { RemoveScroll as real } from 'react-remove-scroll';
import { describe, expect, it } from 'vitest';
import { RemoveScroll as standIn } from '../src/app/shell/remove-scroll-class-names.ts';

describe('the scroll lock class names', () => {
  it('are the library’s own', () => {
    expect(standIn.classNames).toEqual({
      fullWidth: real.classNames.fullWidth,
      zeroRight: real.classNames.zeroRight,
    });
  });
});
