/**
 * zod/mini (docs/decisions.md D42) loads no language: a check without a message of ours would say
 * "Invalid input". The full zod said it in English, and the API's error bodies and the forms keep
 * that: the server's HTTP handler and the web's form validation call this once when they load.
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

export function englishZodMessages(): void {
  z.config(en());
}
