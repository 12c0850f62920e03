import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The app lives in src/web; `npm run build` writes it to dist/web, which the server serves. */
const apiPort = Number(process.env.PORT ?? 8080);
const apiTarget = `http://127.0.0.1:${apiPort}`;

export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: true,
    proxy: {
      '/api': apiTarget,
      '/downloads': apiTarget,
      '/healthz': apiTarget,
    },
  },
});
