// Test helpers that run service code inside the test process: the Nest testbed of an integration
// test and the in-memory unit of work of the unit specs. Apart from `@promptlib/platform/testing`
// because they load Nest and TypeORM (about 1,600 modules, 2 CPU-seconds in a process that
// imports them), which a test driving built processes over HTTP or the browser never needs.
export * from './service-testbed';
export * from './in-memory-unit-of-work';
export * from './in-memory-deleted-users';
