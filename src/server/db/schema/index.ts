export * from './users';
export * from './outbox';
export * from './billing';
export * from './content';
export * from './trials';
