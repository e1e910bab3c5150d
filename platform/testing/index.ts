// Helpers for the test suites of every package; production code never imports them (the module
// boundary check refuses it) and the production build (dist/) does not contain them.
export * from './event-streams';
export * from './nats-permissions';
export * from './ports';
export * from './private-nats-server';
export * from './private-redis-server';
export * from './private-server';
export * from './store-answers';
export * from './test-certificates';
export * from './wait';
