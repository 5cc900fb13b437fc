export { type MailRequestHandler, mailRequestHandler } from './mail-handler.ts';
export { type Mail, type MailQuery, MailStore, type NewMail } from './mail-store.ts';
export { waitForMail } from './wait-for-mail.ts';
