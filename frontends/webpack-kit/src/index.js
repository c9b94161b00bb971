'use strict';
const { createAppConfig } = require('./create-app-config');
const { sharedSingletons, SHARED_REQUESTS } = require('./shared-singletons');
const { REMOTES, REMOTE_ENTRY_FILE, remoteUrls } = require('./remotes');

module.exports = { createAppConfig, sharedSingletons, SHARED_REQUESTS, REMOTES, REMOTE_ENTRY_FILE, remoteUrls };
