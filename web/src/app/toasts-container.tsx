// Mantine's toast container, a chunk of its own (toasts.tsx loads it).
export { Notifications as default } from '@mantine/notifications';
