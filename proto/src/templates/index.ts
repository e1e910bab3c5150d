export * from './template';
export * from './compose';
