export * from './users';
export * from './outbox';
export * from './billing';
export * from './refunds';
export * from './content';
export * from './trials';
export * from './admin';
export * from './devices';
