import { defineConfig } from 'vitest/config';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'sqlite',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts'],
          env: { TEST_DIALECT: 'sqlite' },
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          // Tests render parts of screens without the screen's loader, which registers their texts
          // (after the set-up of index.ts, as in the app).
          setupFiles: ['web/i18n/index.ts', 'web/i18n/feature-texts.ts'],
          testTimeout: 30_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'postgres',
                include: ['server/**/*.test.ts'],
                env: { TEST_DIALECT: 'postgres' },
                globalSetup: ['server/test/pg-global-setup.ts'],
                testTimeout: 30_000,
              },
            },
          ]
        : []),
    ],
  },
});
