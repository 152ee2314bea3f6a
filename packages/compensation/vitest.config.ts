import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'compensation', include: ['src/**/*.test.ts'] } });
