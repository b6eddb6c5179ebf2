import nx from '@nx/eslint-plugin';
import baseConfig from './eslint.config.mjs';

// The React projects add React, hooks and jsx-a11y rules on top of the workspace rules.
export default [...baseConfig, ...nx.configs['flat/react']];
