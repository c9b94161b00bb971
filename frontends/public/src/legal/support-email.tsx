export const SUPPORT_EMAIL = 'support@innerecho.app';

export function SupportEmailLink() {
  return <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;
}
