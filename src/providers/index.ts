export * from './provider';
export * from './inference';
export * from './safety';
export * from './vector-io';
export * from './tool-runtime';
export * from './telemetry';
