import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // Same port as `npm start`, so the default public URL (links in e-mails) fits both.
  server: { port: Number(process.env.PORT ?? 3000), strictPort: true },
  ssr: {
    // Native/wasm and server-only packages stay external to the SSR bundle.
    external: ['@electric-sql/pglite', 'pg', 'nodemailer'],
  },
});
