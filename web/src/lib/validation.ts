/** The e-mail check of the spec (000 §5): text, an at sign, text, a dot, text. */
export const isEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** The one-time codes Cognito sends and authenticator apps show: six digits. */
export const isSixDigitCode = (value: string): boolean => /^\d{6}$/.test(value.trim());
