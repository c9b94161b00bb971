'use strict';
const { createAppConfig, remoteUrls } = require('@innerecho/frontends-build');
const baseColors = require('../../packages/design-tokens/src/base-colors.json');

module.exports = createAppConfig({
  name: 'shell',
  appDir: __dirname,
  isHost: true,
  remotes: remoteUrls(),
  // The pre-paint background colours in index.html come from the same file as the theme.
  templateParameters: { baseColors },
});
