import { gzipAsync, type ZopfliOptions } from '@gfx/zopfli';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { InputType } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

// The contracts are compiled from source, as ES modules, so unused parts are left out of the bundle.
const proto = fileURLToPath(new URL('../proto/src/index.ts', import.meta.url));
// React Router's package exports name only its development build, whose warnings a production
// bundle would carry; its production build is the same code with them switched off.
const routerProductionBuild = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

// Zopfli writes standard gzip about 4 % smaller than zlib's best level; it is slow, so it runs once
// at build time and the gateway serves the .gz files as they are.
async function zopfliGzip(input: InputType, options: ZopfliOptions): Promise<Buffer> {
  const bytes =
    typeof input === 'string'
      ? Buffer.from(input)
      : ArrayBuffer.isView(input)
        ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
        : new Uint8Array(input);
  return Buffer.from(await gzipAsync(bytes, options));
}

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    compression({
      algorithms: [defineAlgorithm<ZopfliOptions>(zopfliGzip, { numiterations: 5 })],
      include: /\.(js|css|svg|json|txt)$/,
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: [
      { find: '@promptlib/proto', replacement: proto },
      ...(mode === 'production'
        ? [
            { find: /^react-router$/, replacement: routerProductionBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerProductionBuild('dom-export.mjs') },
          ]
        : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries used by several screens share one file instead of a dozen small ones: gzip
          // restarts its dictionary with every file, so one file travels smaller (measured on /auth:
          // 20 files → 11, 177.5 → 173.8 KB gzip; on /: 278 → 271 KB). Libraries that only a
          // few screens use stay in those screens' chunks. Five, not four, since the template fill
          // dialog became a chunk of its own: at four it pulled MUI's dialog into the shared file
          // of every first visit (/auth 168.1 KB at five against 177.7 KB at four, /shared/:id
          // 157.2 against 164.7, the signed-in / 255.8 against 254.3).
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, minShareCount: 5 },
            // The sign-in forms' fields, which the Account page's password form shares: one file,
            // which /auth loads whole anyway (apart, the password field was one more file on /auth:
            // 13 files and 170.2 KB gzip against 12 and 169.5).
            {
              name: 'form-fields',
              test: /[\\/]src[\\/](shared[\\/]components[\\/]FormTextField|features[\\/]auth[\\/]components[\\/]PasswordField)\.tsx$/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.spec.{ts,tsx}'],
    // One jsdom per worker, not per file: setting up jsdom and importing MUI again for each of the
    // files took 90 % of the run (150 s against 15 s on a loaded machine). test-setup.ts unmounts
    // after each test, so no file sees another's screen.
    isolate: false,
    // A worker per core: vitest's default leaves one core free, and these tests are CPU-bound
    // (jsdom and MUI), so on two cores they took 72 s alone instead of 45 s.
    maxWorkers: '100%',
    // A dialog test types and waits for MUI's transitions: under a second alone, but over 5 s was
    // seen beside the integration tests that `npm test` runs on the same two cores, and over 20 s
    // on a machine whose files were read from disk again and again.
    testTimeout: 60_000,
  },
}));
