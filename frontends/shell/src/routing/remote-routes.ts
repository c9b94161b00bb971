/**
 * Which remote renders which route. `module` is the name the remote
 * exposes (`./<module>`) and `exportName` the named component export in that file.
 * The remotes themselves are located by the federation config in webpack.config.js:
 * /remotes/<remote>/remoteEntry.js on the shell's own origin, unless the gateway's
 * configuration moves one elsewhere (remote-locations.ts).
 */
export type RemoteName = 'public' | 'subscriber' | 'creator' | 'admin';

export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  module: string;
  exportName: string;
}

export const REMOTE_ROUTES: RemoteRoute[] = [
  { path: '/', remote: 'public', module: 'home-page', exportName: 'HomePage' },
  // The landing page scrolled to its plans: people type /pricing.
  { path: '/pricing', remote: 'public', module: 'home-page', exportName: 'HomePage' },
  { path: '/success', remote: 'public', module: 'success-page', exportName: 'SuccessPage' },
  { path: '/privacy', remote: 'public', module: 'privacy-page', exportName: 'PrivacyPage' },
  { path: '/terms', remote: 'public', module: 'terms-page', exportName: 'TermsPage' },

  { path: '/affirmations', remote: 'subscriber', module: 'affirmations-page', exportName: 'AffirmationsPage' },
  { path: '/creator/:id', remote: 'subscriber', module: 'creator-profile-page', exportName: 'CreatorProfilePage' },
  { path: '/record-voice', remote: 'subscriber', module: 'record-voice-page', exportName: 'RecordVoicePage' },
  { path: '/create-affirmation', remote: 'subscriber', module: 'create-affirmation-page', exportName: 'CreateAffirmationPage' },
  { path: '/generate/:id', remote: 'subscriber', module: 'generate-page', exportName: 'GeneratePage' },
  { path: '/collections/:id', remote: 'subscriber', module: 'collection-page', exportName: 'CollectionPage' },
  { path: '/sessions/new', remote: 'subscriber', module: 'affirmation-session-page', exportName: 'AffirmationSessionPage' },

  { path: '/creator-login', remote: 'creator', module: 'creator-login-page', exportName: 'CreatorLoginPage' },
  { path: '/creator-dashboard', remote: 'creator', module: 'creator-dashboard-page', exportName: 'CreatorDashboardPage' },

  // The admin remote routes inside /admin itself (tabs, dialogs).
  { path: '/admin/*', remote: 'admin', module: 'admin-page', exportName: 'AdminPage' },
];
