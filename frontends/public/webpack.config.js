'use strict';
const { createAppConfig } = require('@innerecho/frontends-build');

// `public` is a reserved word in strict mode, so the container is public_app;
// the shell still refers to it as `public`.
module.exports = createAppConfig({
  name: 'public_app',
  appDir: __dirname,
  exposes: {
    './home-page': './src/pages/home-page.tsx',
    './success-page': './src/pages/success-page.tsx',
    './privacy-page': './src/pages/privacy-page.tsx',
    './terms-page': './src/pages/terms-page.tsx',
  },
});
