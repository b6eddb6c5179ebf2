import reactConfig from '../eslint.react.mjs';

export default [...reactConfig];
