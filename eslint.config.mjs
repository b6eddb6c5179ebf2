import nx from '@nx/eslint-plugin';

// Module boundaries follow STYLE.md: each scope may import only itself and `shared`,
// and each type only the layers below it. `database` (embedded-mongo, a TCP server) is for
// the API and the tools alone: a front end that imports it fails lint.
const scope = (name, ...allowed) => ({
  sourceTag: `scope:${name}`,
  onlyDependOnLibsWithTags: [`scope:${name}`, ...allowed.map((s) => `scope:${s}`)],
});

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    ignores: [
      '**/dist',
      '**/tmp',
      '**/node_modules',
      '**/.nx',
      '**/coverage',
      '**/data',
      'libs/shared/api-client/src/generated/**',
    ],
  },
  {
    // Source and tests only: build and lint configs import the root config by path on purpose.
    files: ['**/src/**/*.{ts,tsx,js,jsx}', '**/test/**/*.{ts,tsx,js,jsx}'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: [],
          depConstraints: [
            scope('api', 'shared', 'database'),
            scope('site', 'shared'),
            scope('admin', 'shared'),
            scope('shell', 'shared'),
            scope('shared'),
            scope('tooling', 'shared', 'database'),
            scope('database'),
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: [
                'type:feature',
                'type:ui',
                'type:data-access',
                'type:util',
              ],
            },
            {
              sourceTag: 'type:feature',
              onlyDependOnLibsWithTags: [
                'type:feature',
                'type:ui',
                'type:data-access',
                'type:util',
              ],
            },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:util'] },
            {
              sourceTag: 'type:data-access',
              onlyDependOnLibsWithTags: ['type:data-access', 'type:util'],
            },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:util', 'type:data-access'] },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // In a test a wrong assumption about a value fails the test, which is what we want.
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/test/**/*.ts', '**/*.e2e.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
];
