export * from './auth';
export * from './config';
export * from './errors';
export * from './events';
export * from './limits';
export * from './namespace';
export * from './subjects';
export * from './user';
