import { setupServer } from 'msw/node';

/** One msw server for every web test; each test adds the handlers it needs. */
export const server = setupServer();
