import reactConfig from '../eslint.react.mjs';

export default [
  ...reactConfig,
  {
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.spec.tsx'],
    rules: {
      // Every uploaded image is drawn by ResponsiveImage (srcset, size reserved, placeholder,
      // lazy loading), so no screen picks one variant by hand again.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='img']",
          message: 'Show an uploaded image with ResponsiveImage from @vitrine/ui.',
        },
      ],
    },
  },
];
