export * from './access';
export * from './catalogue';
export * from './completions';
export * from './hierarchy';
export * from './settings';
export * from './tasks';
export * from './tenants';
export * from './users';
