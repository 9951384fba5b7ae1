import { defineConfig } from 'vite';

/**
 * The signing page's script (src/signing), a build of its own: one ES module with no chunks and no hash in its
 * name, because the API serves it under /assets/signing/ with a content hash of its own (pages/assets.ts),
 * beside the page's stylesheet, and the page links exactly one script (signing-page.test.ts).
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist-signing',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // pdf.js is imported at run time from the API's versioned path: nothing to preload here.
    modulePreload: false,
    rollupOptions: {
      input: 'src/signing/main.ts',
      output: { entryFileNames: 'signing.js', format: 'es', codeSplitting: false },
    },
  },
});
