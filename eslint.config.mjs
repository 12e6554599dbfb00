// @ts-check
import nx from '@nx/eslint-plugin';
import js from '@eslint/js';
import jest from 'eslint-plugin-jest';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/** Pure code: no framework, no I/O client, no environment, no wall clock. */
const PURE_BANNED_IMPORTS = [
  '@nestjs/*',
  'typeorm',
  'kafkajs',
  'ioredis',
  'pg',
  'fastify',
  'node:fs',
  'node:child_process',
];

/**
 * Inside an app: interface → application → domain; infrastructure implements the ports that
 * application/ports declares. Each layer lists the folders it may not import from (the module
 * files wire them together).
 */
const LAYER_BANS = {
  domain: ['application', 'infrastructure', 'interface'],
  application: ['infrastructure', 'interface'],
  infrastructure: ['interface'],
  interface: ['infrastructure'],
};

const layerPatterns = (layer) =>
  LAYER_BANS[layer].map((banned) => ({
    regex: `(^|/)${banned}/`,
    message: `${layer} code may not import from ${banned}/ (interface → application → domain).`,
  }));

/** One way to wait: node:timers/promises, not a hand-made promise around setTimeout. */
const HAND_MADE_SLEEP = {
  selector:
    "NewExpression[callee.name='Promise'] > ArrowFunctionExpression > CallExpression[callee.name='setTimeout']",
  message: "Use `setTimeout as sleep` from 'node:timers/promises'.",
};

const DEP_CONSTRAINTS = [
  // An app never imports another app; only the end-to-end suite starts them together.
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:pure', 'type:infra', 'type:nest'] },
  {
    sourceTag: 'type:e2e',
    onlyDependOnLibsWithTags: ['type:app', 'type:pure', 'type:infra', 'type:nest', 'type:testing'],
  },
  { sourceTag: 'type:nest', onlyDependOnLibsWithTags: ['type:pure', 'type:infra', 'type:nest'] },
  {
    sourceTag: 'type:infra',
    onlyDependOnLibsWithTags: ['type:pure', 'type:infra'],
    bannedExternalImports: ['@nestjs/*'],
  },
  { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:pure', 'type:infra', 'type:testing'] },
  { sourceTag: 'type:tooling', onlyDependOnLibsWithTags: ['type:pure', 'type:infra'] },
  {
    sourceTag: 'type:pure',
    onlyDependOnLibsWithTags: ['type:pure'],
    bannedExternalImports: PURE_BANNED_IMPORTS,
  },
];

/** Tests of any project may also use the testing helpers and the local infrastructure. */
const TEST_DEP_CONSTRAINTS = DEP_CONSTRAINTS.map((constraint) => ({
  ...constraint,
  onlyDependOnLibsWithTags: [...constraint.onlyDependOnLibsWithTags, 'type:testing', 'type:tooling'],
  bannedExternalImports: undefined,
}));

const boundaries = (depConstraints) => [
  'error',
  { enforceBuildableLibDependency: false, allow: [], depConstraints },
];

const TEST_FILES = [
  '**/*.spec.ts',
  '**/*.int-spec.ts',
  '**/*.e2e-spec.ts',
  'libs/*/test/**/*.ts',
  'apps/*/test/**/*.ts',
];

export default tseslint.config(
  { ignores: ['node_modules/', '.cache/', 'dist/', 'coverage/', '.nx/', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': boundaries(DEP_CONSTRAINTS),
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-extraneous-class': 'off',
      // Nest modules and DTO-less controllers take `unknown` and validate; these checks only add noise there.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/require-await': 'off',
      'no-restricted-syntax': ['error', HAND_MADE_SLEEP],
    },
  },
  {
    // Pure code reads no environment and no wall clock: both come in as arguments.
    files: [
      'libs/time/src/**/*.ts',
      'libs/contracts/src/**/*.ts',
      'libs/ics/src/**/*.ts',
      'apps/*/src/**/domain/**/*.ts',
    ],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Pass configuration in.' },
      ],
      'no-restricted-syntax': [
        'error',
        HAND_MADE_SLEEP,
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Take `now` as an argument (Clock).',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Take `now` as an argument (Clock).',
        },
      ],
    },
  },
  {
    files: ['apps/*/src/**/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: PURE_BANNED_IMPORTS, message: 'Domain code is pure: no framework, no I/O.' },
            ...layerPatterns('domain'),
          ],
        },
      ],
    },
  },
  ...['application', 'infrastructure', 'interface'].map((layer) => ({
    files: [`apps/*/src/**/${layer}/**/*.ts`],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: layerPatterns(layer) }] },
  })),
  {
    files: TEST_FILES,
    rules: { '@nx/enforce-module-boundaries': boundaries(TEST_DEP_CONSTRAINTS) },
  },
  {
    // The end-to-end suite is the one place that starts apps, through their index files.
    files: ['apps/platform-e2e/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: ['@booking/app-*'],
          depConstraints: TEST_DEP_CONSTRAINTS,
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts'],
    ...jest.configs['flat/recommended'],
    rules: {
      ...jest.configs['flat/recommended'].rules,
      'jest/no-focused-tests': 'error',
      'jest/no-disabled-tests': 'error',
      'jest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expectEventually'] }],
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  prettier,
);
