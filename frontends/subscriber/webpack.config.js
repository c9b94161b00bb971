'use strict';
const { createAppConfig } = require('@innerecho/frontends-build');

module.exports = createAppConfig({
  name: 'subscriber',
  appDir: __dirname,
  exposes: {
    './affirmations-page': './src/pages/affirmations-page.tsx',
    './creator-profile-page': './src/pages/creator-profile-page.tsx',
    './record-voice-page': './src/pages/record-voice-page.tsx',
    './create-affirmation-page': './src/pages/create-affirmation-page.tsx',
    './generate-page': './src/pages/generate-page.tsx',
    './collection-page': './src/pages/collection-page.tsx',
    './affirmation-session-page': './src/pages/affirmation-session-page.tsx',
  },
});
