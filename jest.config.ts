import type { Config } from 'jest';
import { pathsToModuleNameMapper } from 'ts-jest';
import { compilerOptions } from './tsconfig.base.json';

const ESM_ONLY_PACKAGES = ['content-disposition'];

const common = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  rootDir: '.',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
    // A few dependencies ship only ES modules, which jest on Node 20 cannot require; compile them.
    '^.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', isolatedModules: true } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_PACKAGES.join('|')})/)`],
  moduleNameMapper: pathsToModuleNameMapper(compilerOptions.paths, { prefix: '<rootDir>/' }),
  testPathIgnorePatterns: ['/node_modules/', '/.cache/'],
  modulePathIgnorePatterns: ['<rootDir>/.cache/'],
} satisfies Config;

const config: Config = {
  // Integration tests each make their own databases and topics; two workers match the two cores.
  maxWorkers: 2,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,infra}/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs,infra}/**/*.int-spec.ts', '<rootDir>/{apps,libs}/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/infra/local/jest-global-setup.ts',
      globalTeardown: '<rootDir>/infra/local/jest-global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/infra/local/jest-integration-setup.ts'],
    },
  ],
};

export default config;
