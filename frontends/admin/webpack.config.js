'use strict';
const { createAppConfig } = require('@innerecho/frontends-build');

module.exports = createAppConfig({
  name: 'admin',
  appDir: __dirname,
  exposes: {
    './admin-page': './src/pages/admin-page.tsx',
  },
});
