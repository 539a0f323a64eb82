import { defineConfig } from 'vitest/config';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'sqlite',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
          env: { TEST_DIALECT: 'sqlite' },
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
