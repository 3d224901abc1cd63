import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    // Fonts and icons are small; inlining nothing keeps the CSP strict and caching simple.
    assetsInlineLimit: 0,
  },
});
