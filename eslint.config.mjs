import nx from '@nx/eslint-plugin';

// Module boundaries follow STYLE.md: each scope may import only itself and `shared`,
// and each type only the layers below it. `database` (embedded-mongo, a TCP server) is for
// the API and the tools alone: a front end that imports it fails lint. `server` (the static
// file server, Node code) is for the shell's server and the tools alone. `testing` (the
// test-process toolkit) is for the tools and for any project's tests, never its source.
const scope = (name, ...allowed) => ({
  sourceTag: `scope:${name}`,
  onlyDependOnLibsWithTags: [`scope:${name}`, ...allowed.map((s) => `scope:${s}`)],
});

const boundaries = (forTests) => {
  const tests = forTests ? ['testing'] : [];
  return [
    'error',
    {
      enforceBuildableLibDependency: true,
      allow: [],
      depConstraints: [
        scope('api', 'shared', 'database', ...tests),
        scope('site', 'shared', ...tests),
        scope('admin', 'shared', ...tests),
        scope('shell', 'shared', 'server', ...tests),
        scope('shared', ...tests),
        scope('tooling', 'shared', 'database', 'server', 'testing'),
        scope('database', ...tests),
        scope('server', 'shared'),
        scope('testing'),
        {
          sourceTag: 'type:app',
          onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:util'],
        },
        {
          sourceTag: 'type:feature',
          onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:util'],
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
  ];
};

const TEST_FILES = ['**/*.spec.ts', '**/*.spec.tsx', '**/test/**/*.{ts,tsx,js,jsx}', '**/*.e2e.ts'];

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
    files: ['**/src/**/*.{ts,tsx,js,jsx}', '**/test/**/*.{ts,tsx,js,jsx}', 'shell/server/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': boundaries(false) },
  },
  {
    files: TEST_FILES,
    rules: { '@nx/enforce-module-boundaries': boundaries(true) },
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
