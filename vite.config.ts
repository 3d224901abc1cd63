import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  // In development the pages come from Vite and the API from the server (`npm start`, port 3000).
  server: { proxy: { "/api": `http://127.0.0.1:${process.env.API_PORT ?? 3000}` } },
  build: {
    // Fonts and icons are small; inlining nothing keeps the CSP strict and caching simple.
    assetsInlineLimit: 0,
  },
});
