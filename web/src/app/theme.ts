import { createTheme } from '@mantine/core';

/**
 * Fields carry `required` for assistive technology; the label stays the plain word (no asterisk).
 * Plain objects, not `Select.extend(...)`: importing the components here would put Select and its
 * popover engine on the start-up path.
 */
const plainLabel = { defaultProps: { withAsterisk: false } };

/**
 * `md` is moved to 64em (1024 px): the sidebar collapses below it (spec 001 §2), and the burger
 * and the navbar both use `md`.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  breakpoints: { xs: '36em', sm: '48em', md: '64em', lg: '75em', xl: '88em' },
  cursorType: 'pointer',
  components: {
    TextInput: plainLabel,
    PasswordInput: plainLabel,
    NativeSelect: plainLabel,
    Select: plainLabel,
  },
});
