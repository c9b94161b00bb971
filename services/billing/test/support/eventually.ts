// Kept where the billing and creator-referral tests import it from; it lives with the test client.
export { eventually } from '@innerecho/embedded';
