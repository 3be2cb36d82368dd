import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const noCssVariablesThemeId = '\0bops-no-css-variables-theme';

/**
 * MUI's `createTheme` imports its CSS-variables builder next to the plain one and picks at run time, so the builder
 * and its helpers (about 4 KB gzip) ride along in the first load although only `cssVariables: true` reaches them.
 * Bops's themes never turn CSS variables on; `createTheme` gets a stand-in that says so instead. Everything else
 * that imports the builder (MUI's CSS-variables provider, `extendTheme`) still gets the real one.
 */
function themeWithoutCssVariables(): Plugin {
  return {
    name: 'bops:theme-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === './createThemeWithVars.mjs' &&
        importer &&
        /@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/.test(importer)
      ) {
        return noCssVariablesThemeId;
      }
      return null;
    },
    load(id) {
      if (id !== noCssVariablesThemeId) return null;
      return `export default function createThemeWithVars() {
  throw new Error('Bops builds its MUI themes without CSS variables (see apps/web/vite.config.ts).');
}`;
    },
  };
}

export default defineConfig({
  plugins: [react(), themeWithoutCssVariables()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser Bops supports has modulepreload; the polyfill would only cost first-load bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // hoist-non-react-statics is CommonJS without a side-effects flag, so emotion's bare import of it (for
      // `withTheme`, which nothing uses) would keep it and its react-is copy in the first load.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          // Everything the entry imports statically is loaded up front anyway: one chunk instead of a couple of
          // dozen small ones compresses better (about 13 KB less gzip) and costs the browser fewer requests.
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
