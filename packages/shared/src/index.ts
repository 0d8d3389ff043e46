export * from './envelope.ts';
export * from './paging.ts';
export * from './rules/index.ts';
export * from './schemas/auth.ts';
