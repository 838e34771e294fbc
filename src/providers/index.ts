export * from './provider';
export * from './inference';
export * from './other-apis';
