// Shared jest settings: swc keeps decorators and their metadata, which Nest's DI and TypeORM need.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
  transform: {
    '^.+\\.(t|j)s$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // Packages published as ES modules only, which jest (unlike Node) cannot require as they are.
  transformIgnorePatterns: [
    '/node_modules/(?!(jose|content-disposition|@fastify/static/node_modules/content-disposition)/)',
  ],
  moduleFileExtensions: ['ts', 'js', 'json'],
};
