'use strict';
const { createAppConfig } = require('@innerecho/frontends-build');

module.exports = createAppConfig({
  name: 'creator',
  appDir: __dirname,
  exposes: {
    './creator-login-page': './src/pages/creator-login-page.tsx',
    './creator-dashboard-page': './src/pages/creator-dashboard-page.tsx',
  },
});
