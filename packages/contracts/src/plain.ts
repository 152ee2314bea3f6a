/**
 * The part of the contracts that does not load zod (`@portal/contracts/plain`): the message
 * catalogue, the languages and the shape of 400 answers. What the web's first screen runs imports
 * from here, so that zod (26 KB gzip) is not downloaded before a form that validates with it.
 * Every module here must stay free of zod at run time (`import type` only); the first-load test
 * of the web checks it.
 */
export * from './language-codes';
export * from './legal-documents';
export * from './messages';
export * from './minor-units';
export * from './validation';
