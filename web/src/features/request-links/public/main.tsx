/**
 * The public request page's entry (decisions D68): /requests/{id} shows the link's form,
 * /request-links-confirmation the texts after sending. Plain React and CSS of its own.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfirmationPage } from './confirmation-page.tsx';
import { RequestPage } from './request-page.tsx';
import './public.css';

const path = window.location.pathname;
const id = /^\/requests\/([^/]+)\/?$/.exec(path)?.[1];

createRoot(document.getElementById('root')!).render(
  <StrictMode>{id ? <RequestPage linkId={decodeURIComponent(id)} /> : <ConfirmationPage />}</StrictMode>,
);
