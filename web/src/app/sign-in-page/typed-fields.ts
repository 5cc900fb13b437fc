/**
 * What a person did on the sign-in page's HTML (decisions D97) before the app drew over it: the values
 * typed, the field they were in, and whether they asked to sign in (the HTML's inline script holds
 * the form back then, see vite.config.ts `signInHtml`). The HTML's fields keep their values once the
 * app has replaced them, so what was typed up to the app's first draw is taken then, none lost.
 */
export interface TypedFields {
  values: Readonly<Record<string, string>>;
  focused: string | null;
  submitted: boolean;
}

export interface PageHtml {
  /** Called once the app's page has drawn (a layout effect): what the HTML held at that moment. */
  take(): TypedFields;
}

/** The page's HTML while it is still the root's (none once the app has drawn, or on another start). */
export function watchPageHtml(): PageHtml | null {
  const root = typeof document === 'undefined' ? null : document.querySelector('#root[data-page-html]');
  if (!root) return null;
  const inputs = [...root.querySelectorAll<HTMLInputElement>('input[name]')];
  const form = root.querySelector('form');
  const named = (el: EventTarget | null) =>
    el instanceof HTMLInputElement && inputs.includes(el) ? el.name : null;
  // The HTML's field last in (its own focus events only: the app's fields, drawn later, take the focus
  // when they mount, and removing the HTML's field blurs it).
  let focused = named(document.activeElement);
  const onFocusIn = (e: Event) => {
    focused = named(e.target) ?? focused;
  };
  root.addEventListener('focusin', onFocusIn);
  return {
    take() {
      root.removeEventListener('focusin', onFocusIn);
      root.removeAttribute('data-page-html');
      const values: Record<string, string> = {};
      for (const input of inputs) if (input.value) values[input.name] = input.value;
      return { values, focused, submitted: form?.hasAttribute('data-submitted') ?? false };
    },
  };
}
