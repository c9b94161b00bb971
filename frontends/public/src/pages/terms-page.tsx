import { Link } from '@innerecho/ui';
import { LegalDocument, type LegalSection } from '../legal/legal-document';
import { SupportEmailLink } from '../legal/support-email';

export type TermsPageProps = Record<string, never>;

const SECTIONS: LegalSection[] = [
  {
    id: 'agreement',
    heading: 'Agreement to these terms',
    body: (
      <>
        <p>
          These Terms of Service ("Terms") govern your use of InnerEcho, including our website, the affirmation library, voice cloning,
          audio generation and the creator programme (together, the "Service"). By creating an account, starting a free trial or using the
          Service, you agree to these Terms and to our <Link to="/privacy">Privacy Policy</Link>. If you do not agree, please do not use the
          Service.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    heading: 'Who can use InnerEcho',
    body: (
      <p>
        You must be at least <strong>18 years old</strong> to create an account or subscribe. By using the Service you confirm that you are
        18 or older and able to enter into a binding contract. You are responsible for keeping your sign-in details secure and for
        everything that happens under your account.
      </p>
    ),
  },
  {
    id: 'subscriptions',
    heading: 'Subscriptions, free trial and the daily allowance',
    body: (
      <>
        <p>InnerEcho is sold as a subscription. We currently offer two plans:</p>
        <ul>
          <li>
            <strong>Monthly</strong>: $9.99 per month, billed monthly after the free trial.
          </li>
          <li>
            <strong>Yearly</strong>: $79.99 per year, billed yearly after the free trial (about $40 a year less than paying monthly).
          </li>
        </ul>
        <p>
          Every plan starts with a <strong>3-day free trial</strong>. Unless you cancel before the trial ends, your subscription starts
          automatically and you authorise us, through our payment processor, to charge the plan price at the start of each billing period
          until you cancel.
        </p>
        <p>
          Each day of your subscription, the free trial included, you can generate <strong>up to 1 hour of audio</strong>, in one
          affirmation or several. The allowance renews every day at midnight UTC (the app shows the time in your own time zone, next to the
          length you choose). Time you do not use does not roll over and has no cash value. Replaying and downloading affirmations you have
          already generated does not use any of it.
        </p>
      </>
    ),
  },
  {
    id: 'cancellation-refunds',
    heading: 'Cancellation and refunds',
    body: (
      <>
        <p>
          You can cancel at any time. Cancellation stops future renewals; your subscription stays active until the end of the billing period
          you have already paid for.
        </p>
        <p>
          <strong>All payments are non-refundable.</strong> We do not provide refunds or credits for partial billing periods, unused daily
          allowance or unused time, except where the law requires it. Nothing in these Terms affects rights you have as a consumer that
          cannot be excluded by contract.
        </p>
      </>
    ),
  },
  {
    id: 'price-changes',
    heading: 'Price changes',
    body: (
      <p>
        We may change our prices from time to time. We will give you at least <strong>30 days' notice</strong> by email before a new price
        applies to your subscription. The new price takes effect at your next renewal after the notice period; if you do not agree with it,
        you can cancel before then.
      </p>
    ),
  },
  {
    id: 'voice-data',
    heading: 'Your voice and voice cloning',
    body: (
      <>
        <p>
          To speak affirmations in your voice, you record a short voice sample, from which we create a voice model (a "voice clone"). You
          may only record and clone <strong>your own voice</strong>. You must not upload or record the voice of any other person, or use the
          Service to impersonate anyone.
        </p>
        <p>
          We use your voice sample and voice clone only to generate audio for you, in your account. We do not sell them, share them with
          other users, or use them to train general-purpose voice models. You can delete your voice clone at any time by re-recording your
          voice, which replaces it, or by contacting us. Affirmations you already generated stay in your library until you delete them or
          your account is closed.
        </p>
      </>
    ),
  },
  {
    id: 'your-content',
    heading: 'Your content',
    body: (
      <p>
        You keep ownership of what you create: your recordings, the custom affirmations you write, and the audio generated for you. You give
        us a limited licence to store and process that content only as needed to provide the Service to you. You are responsible for the
        content you submit and must not submit anything unlawful, hateful, harassing or that infringes someone else's rights.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    heading: 'Acceptable use',
    body: (
      <>
        <p>When using InnerEcho you agree not to:</p>
        <ul>
          <li>clone, imitate or misrepresent the voice of another person;</li>
          <li>use generated audio to deceive, defraud or harass anyone;</li>
          <li>resell, redistribute or publicly broadcast library affirmations as your own product;</li>
          <li>interfere with, overload or try to gain unauthorised access to the Service or its systems;</li>
          <li>use automated means to access the Service beyond normal personal use.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'wellbeing',
    heading: 'Not medical advice',
    body: (
      <p>
        Affirmations can support a positive mindset, but InnerEcho is not a medical, psychological or therapeutic service. Nothing in the
        Service is professional advice. If you are struggling with your health or wellbeing, please speak to a qualified professional.
      </p>
    ),
  },
  {
    id: 'creators',
    heading: 'Creators and referral links',
    body: (
      <p>
        Some affirmations in the library come from featured creators. Creators may share referral links; if you subscribe through one, the
        creator may earn a commission. This does not change the price you pay. Creator accounts are created by InnerEcho and are subject to
        separate creator terms.
      </p>
    ),
  },
  {
    id: 'termination',
    heading: 'Suspension and termination',
    body: (
      <p>
        You may close your account at any time by contacting us. We may suspend or terminate your access if you seriously or repeatedly
        break these Terms, or if we must do so by law. When your account is terminated, we delete your voice sample, voice clone, custom
        affirmations and generated audio <strong>within 30 days</strong>, except for records we are required to keep by law (such as payment
        records).
      </p>
    ),
  },
  {
    id: 'liability',
    heading: 'Our liability',
    body: (
      <p>
        We work hard to keep InnerEcho available and reliable, but the Service is provided "as is" and we cannot promise it will always be
        uninterrupted or error-free. To the extent the law allows, we are not liable for indirect or consequential losses, and our total
        liability to you is limited to the amount you paid us in the 12 months before the claim. Nothing in these Terms limits liability for
        death or personal injury caused by negligence, for fraud, or for anything else that cannot be limited by law.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to these terms',
    body: (
      <p>
        We may update these Terms from time to time. If a change materially affects you, we will tell you by email or in the app before it
        takes effect. The date at the top shows when they were last updated.
      </p>
    ),
  },
  {
    id: 'governing-law',
    heading: 'Governing law',
    body: (
      <p>
        These Terms are governed by the <strong>laws of England and Wales</strong>, and the courts of England and Wales have jurisdiction
        over any dispute, without affecting any mandatory consumer protections of the country where you live.
      </p>
    ),
  },
  {
    id: 'contact',
    heading: 'Contact us',
    body: (
      <p>
        Questions about these Terms? Email us at <SupportEmailLink />.
      </p>
    ),
  },
];

/** '/terms': the terms of service. */
export function TermsPage(_props: TermsPageProps) {
  return (
    <LegalDocument
      title="Terms of Service"
      intro={
        <p>
          Please read these terms carefully. They explain your subscription, the free trial, the daily allowance, how we treat your voice,
          and your rights and ours.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
