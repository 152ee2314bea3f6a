import { z } from 'zod';
import { requiredOr } from './fields';
import { LANGUAGES } from './language-codes';
import { MESSAGES } from './messages';

export * from './language-codes';

export const ZLanguage = z.enum(LANGUAGES, requiredOr(MESSAGES.languageInvalid));
