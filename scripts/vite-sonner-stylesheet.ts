import type { Plugin } from "vite";

const SONNER_MODULE = /[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/;
/** The one call in sonner's module that writes its stylesheet into a <style> element. */
const INSERT_CSS_CALL = /^__insertCSS\("(?:[^"\\]|\\.)*"\);?$/m;

/**
 * sonner writes its stylesheet into a `<style>` element when its module runs. The pages' CSP
 * allows only the style elements the build inlined (by hash), so the call is taken out and
 * app/components/toasts.tsx imports the same rules from the file sonner ships for this,
 * `sonner/dist/styles.css`, which then travels as a stylesheet of the toasts' chunk.
 */
export function sonnerStylesheet(): Plugin {
  return {
    name: "sonner-stylesheet",
    enforce: "pre",
    transform(code, id) {
      if (!SONNER_MODULE.test(id)) return undefined;
      if (!INSERT_CSS_CALL.test(code))
        this.error("sonner no longer inserts its stylesheet as this plugin expects: see its comment");
      return { code: code.replace(INSERT_CSS_CALL, ""), map: null };
    },
  };
}
