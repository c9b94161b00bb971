import startDistributedForm from '../../distributed/jest/global-setup';
import startSharedBrowser from './global-setup';

/** The e2e-distributed project: the distributed form and the run's shared Chromium. */
export default async function globalSetup() {
  await Promise.all([startSharedBrowser(), startDistributedForm()]);
}
