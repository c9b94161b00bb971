import { Link } from '@innerecho/ui';
import { LegalDocument, type LegalSection } from '../legal/legal-document';
import { SupportEmailLink } from '../legal/support-email';

export type PrivacyPageProps = Record<string, never>;

const SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    heading: 'Who we are',
    body: (
      <p>
        InnerEcho ("we", "us") provides personalised affirmation audio spoken in a voice made from your own recording. We are the controller
        of the personal data described in this policy. You can reach us at <SupportEmailLink />.
      </p>
    ),
  },
  {
    id: 'what-we-collect',
    heading: 'What we collect',
    body: (
      <>
        <ul>
          <li>
            <strong>Account details</strong>: your name and email address, and your subscription status.
          </li>
          <li>
            <strong>Voice data</strong>: the voice sample you record and the voice clone created from it.
          </li>
          <li>
            <strong>Your content</strong>: custom affirmations you write, the affirmations you generate, your chosen settings (length,
            background music, speed) and your saved library.
          </li>
          <li>
            <strong>Payment information</strong>: payments are handled by our payment processor, Stripe. We receive confirmation of your
            plan and payment status, but we never see or store your full card number.
          </li>
          <li>
            <strong>Usage and device data</strong>: basic technical logs (such as IP address, browser type and request times) that keep the
            Service secure and working.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'voice-data',
    heading: 'How we use your voice',
    body: (
      <>
        <p>
          Your voice is personal, and we treat it that way. We use your voice sample and voice clone{' '}
          <strong>only to generate affirmations for you</strong>, in your account. We do not sell your voice data, share it with other
          users, or use it to train general-purpose voice models.
        </p>
        <p>
          Depending on how the Service is configured, the voice clone is created either by our own voice-matching engine or by a specialist
          voice technology provider acting on our instructions under a data processing agreement.
        </p>
        <p>
          You can delete your voice at any time with "Delete My Voice" on the Record Your Voice page, or by emailing us. What that deletes
          is described under <a href="#deleting">Deleting what you made</a>.
        </p>
      </>
    ),
  },
  {
    id: 'deleting',
    heading: 'Deleting what you made',
    body: (
      <>
        <p>What you make is yours to delete. Each of these is done in the app, at once, without asking us:</p>
        <ul>
          <li>
            <strong>A saved affirmation</strong> (Delete, in Saved Affirmations): for 8 seconds you can undo it and nothing is deleted. Then
            we delete its audio file from our storage and it leaves your library. The minutes it took still count towards that day&rsquo;s
            hour of generating. A copy kept offline on your device is removed too; a file you downloaded is yours and stays where you saved
            it. Short pieces of a recent render, which we keep to make the next render of the same words and music faster, are removed
            automatically within two days of their last use.
          </li>
          <li>
            <strong>An affirmation you wrote</strong> (Delete, in My Affirmations): the same 8 seconds to undo. Then we delete its title and
            words, and your own reading of it if you recorded one (&ldquo;Record it yourself&rdquo;). Audio you already generated from it
            stays in Saved Affirmations, and keeps playing, until you delete it there.
          </li>
          <li>
            <strong>Your voice</strong> (&ldquo;Delete My Voice&rdquo;, on the Record Your Voice page, after you confirm): we delete the
            voice made from your recording (also at our voice technology provider, when one is used), the recording itself, and every
            sentence already spoken in your voice that we keep to generate faster. Affirmations you already generated stay in your library
            and keep playing, and your own readings of affirmations stay until you delete them. &ldquo;Re-record Voice&rdquo; deletes the
            same, then lets you record a new voice.
          </li>
          <li>
            <strong>Your account</strong> (on your account page): everything above, your subscription (ended at once) and your account
            details. See <a href="#retention">How long we keep it</a>.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    heading: 'How we use your information',
    body: (
      <ul>
        <li>to provide the Service: create your voice clone, generate and store your affirmations, and keep your library;</li>
        <li>to manage your subscription, free trial, daily audio allowance and payments;</li>
        <li>to attribute sign-ups to the creator whose referral link you followed, so they can be paid their commission;</li>
        <li>to send service messages, such as notice of a price change or a change to our terms;</li>
        <li>to keep the Service secure, prevent abuse, and meet our legal obligations.</li>
      </ul>
    ),
  },
  {
    id: 'legal-bases',
    heading: 'Legal bases',
    body: (
      <p>
        We process your information to perform our contract with you (providing the Service and your subscription), on the basis of your
        consent for your voice data (which you can withdraw by deleting your voice clone), for our legitimate interests in keeping the
        Service secure and attributing referrals, and to comply with legal obligations such as keeping payment records.
      </p>
    ),
  },
  {
    id: 'cookies',
    heading: 'Cookies and local storage',
    body: (
      <>
        <p>We use a small number of strictly necessary cookies and browser storage entries:</p>
        <ul>
          <li>a sign-in cookie that keeps you logged in;</li>
          <li>
            <strong>innerecho_ref</strong>, a cookie that remembers a creator's referral code for 30 days after you follow their link;
          </li>
          <li>a session identifier in your browser's local storage that links your recordings and library to you;</li>
          <li>your light or dark theme preference, in local storage.</li>
        </ul>
        <p>We do not use advertising cookies or sell data to advertisers.</p>
      </>
    ),
  },
  {
    id: 'sharing',
    heading: 'Who we share it with',
    body: (
      <p>
        We share personal data only with service providers that help us run InnerEcho (hosting and storage, payment processing by Stripe,
        and voice technology where configured), each bound to use it only on our instructions, and with authorities where the law requires
        it. If you subscribed through a creator's referral link, that creator sees aggregated sign-up and revenue figures, not your name,
        email or content.
      </p>
    ),
  },
  {
    id: 'retention',
    heading: 'How long we keep it',
    body: (
      <p>
        We keep your data for as long as your account is active. When your account is terminated, we delete your voice sample, voice clone,
        custom affirmations and generated audio <strong>within 30 days</strong>. We keep payment and tax records for as long as the law
        requires.
      </p>
    ),
  },
  {
    id: 'security',
    heading: 'Security',
    body: (
      <p>
        Data travels over encrypted connections, files are stored in access-controlled storage and shared only through short-lived signed
        links, and access by our team is limited to what is needed to run and support the Service.
      </p>
    ),
  },
  {
    id: 'your-rights',
    heading: 'Your rights',
    body: (
      <>
        <p>
          You have the right to access, correct, delete or receive a copy of your personal data, to object to or restrict certain
          processing, and to withdraw consent at any time. To exercise these rights, email <SupportEmailLink />. We will answer within one
          month.
        </p>
        <p>
          If you are unhappy with how we handle your data, you can complain to the UK Information Commissioner's Office (ICO) or to your
          local data protection authority.
        </p>
      </>
    ),
  },
  {
    id: 'age',
    heading: 'Age limit',
    body: (
      <p>
        InnerEcho is for adults. You must be at least 18 years old to use it, and we do not knowingly collect data from anyone younger. If
        you believe a minor has given us their data, please contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to this policy',
    body: (
      <p>
        We may update this policy as the Service evolves. If the changes are significant, we will let you know by email or in the app. See
        also our <Link to="/terms">Terms of Service</Link>.
      </p>
    ),
  },
];

/** '/privacy': the privacy policy. */
export function PrivacyPage(_props: PrivacyPageProps) {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={<p>This policy explains what personal data InnerEcho collects, why, how we protect your voice, and the choices you have.</p>}
      sections={SECTIONS}
    />
  );
}
