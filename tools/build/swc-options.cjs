// How every Node package's TypeScript becomes JavaScript in its build (tools/build/compile.mjs):
// decorators and their metadata kept, which Nest's DI and TypeORM read at run time.
// Types are checked apart, by `npm run typecheck` (one program for all Node packages).

/** @type {import('@swc/core').Options} */
const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

module.exports = { swcOptions };
