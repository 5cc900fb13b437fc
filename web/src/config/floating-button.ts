/**
 * The floating round add button (spec 000 §2) sits at the bottom right; toasts, also at the bottom
 * right, stack above it so they never cover it.
 */
export const FLOATING_BUTTON = { size: 56, inset: 24 } as const;

/** The toasts' distance from the bottom of the window: above the button, with a gap. */
export const TOASTS_BOTTOM = FLOATING_BUTTON.inset + FLOATING_BUTTON.size + 16;
