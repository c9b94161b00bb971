import stopDistributedForm from '../../distributed/jest/global-teardown';
import closeSharedBrowser from './global-teardown';

export default async function globalTeardown() {
  await Promise.all([closeSharedBrowser(), stopDistributedForm()]);
}
