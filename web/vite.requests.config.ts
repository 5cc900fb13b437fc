import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createLogger, defineConfig, type Logger } from 'vite';

/**
 * The public request page (/requests/{id}, /request-links-confirmation; decisions D68) as a build of
 * its own: plain React and its own CSS, none of the app's start chunk (Mantine, the router,
 * Cognito). The app's build runs it after its own into the same folder (vite.config.ts).
 */
function failOnWarning(): Logger {
  const logger = createLogger();
  const fail = (msg: string) => {
    logger.error(msg);
    throw new Error(`The request page's build stops on a warning:\n${msg}`);
  };
  return { ...logger, warn: fail, warnOnce: fail };
}

export default defineConfig({
  base: '/',
  customLogger: failOnWarning(),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    manifest: '.vite/request-manifest.json',
    rolldownOptions: {
      input: { request: resolve(import.meta.dirname, 'request.html') },
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
