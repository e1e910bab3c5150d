// What a service with a database needs beside `@promptlib/platform`: its runner and module, the
// database, the unit of work and its outbox, its event subscribers, and the table of deleted users.
export * from './service/run-service';
export * from './service/service-config';
export * from './service/service-definition';
export * from './service/service-infrastructure.module';
export * from './service/event-subscriber';
export * from './service/migrate-only';
export * from './database/create-data-source';
export * from './database/connect-with-retry';
export * from './database/run-migrations';
export * from './database/database-logins';
export * from './database/prepared-query';
export * from './database/db';
export * from './database/unit-of-work';
export * from './outbox/outbox-message.entity';
export * from './outbox/outbox-migration';
export * from './outbox/outbox-relay';
export * from './outbox/write-outbox';
export * from './deleted-users/deleted-users';
