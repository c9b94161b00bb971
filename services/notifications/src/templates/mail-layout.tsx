/** @jsxRuntime automatic @jsxImportSource react */
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';

/** What one mail says: a heading, paragraphs, at most one button, and small print. */
export interface MailContent {
  subject: string;
  /** The line mail clients show beside the subject. */
  preview: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Said under the button, e.g. how long the link works. */
  afterAction?: string[];
  /** Why they got it and how to stop it (for mails that can be turned off). */
  footer: string[];
  /** Where to turn this kind of mail off, shown as a link in the footer. */
  unsubscribeUrl?: string;
}

// Colours that read in light and dark clients: clients that invert colours keep the
// contrast, and the dark media query gives clients that honour it a dark page.
const darkCss = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    .page { background: #14161a !important; }
    .card { background: #1f2329 !important; border-color: #3a3f47 !important; }
    .text { color: #e8eaed !important; }
    .muted { color: #b4bac3 !important; }
    .link { color: #9ecbff !important; }
  }
`;

/** The one layout every mail shares: 560 px at most, one column, so it reads on a phone. */
export function MailLayout({ content }: { content: MailContent }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{darkCss}</style>
      </Head>
      <Preview>{content.preview}</Preview>
      <Body className="page" style={{ background: '#f4f5f7', margin: 0, padding: '24px 12px', fontFamily: 'Helvetica, Arial, sans-serif' }}>
        <Container
          className="card"
          style={{ maxWidth: 560, background: '#ffffff', border: '1px solid #dfe2e6', borderRadius: 8, padding: '24px' }}
        >
          <Text className="muted" style={{ color: '#4a5058', fontSize: 14, margin: '0 0 8px' }}>
            InnerEcho
          </Text>
          <Heading as="h1" className="text" style={{ color: '#16191d', fontSize: 22, lineHeight: '30px', margin: '0 0 16px' }}>
            {content.heading}
          </Heading>
          {content.paragraphs.map((paragraph, i) => (
            <Text key={i} className="text" style={{ color: '#16191d', fontSize: 16, lineHeight: '24px', margin: '0 0 12px' }}>
              {paragraph}
            </Text>
          ))}
          {content.action && (
            <Section style={{ margin: '20px 0' }}>
              <Button
                href={content.action.url}
                style={{ background: '#3b3fb6', color: '#ffffff', borderRadius: 6, padding: '12px 20px', fontSize: 16, fontWeight: 600 }}
              >
                {content.action.label}
              </Button>
              <Text
                className="muted"
                style={{ color: '#4a5058', fontSize: 13, lineHeight: '20px', margin: '12px 0 0', wordBreak: 'break-all' }}
              >
                Or open this address:{' '}
                <Link className="link" href={content.action.url} style={{ color: '#2f33a3' }}>
                  {content.action.url}
                </Link>
              </Text>
            </Section>
          )}
          {(content.afterAction ?? []).map((line, i) => (
            <Text key={i} className="muted" style={{ color: '#4a5058', fontSize: 14, lineHeight: '22px', margin: '0 0 8px' }}>
              {line}
            </Text>
          ))}
          <Hr style={{ borderColor: '#dfe2e6', margin: '20px 0' }} />
          {content.footer.map((line, i) => (
            <Text key={i} className="muted" style={{ color: '#4a5058', fontSize: 12, lineHeight: '18px', margin: '0 0 6px' }}>
              {line}
            </Text>
          ))}
          {content.unsubscribeUrl && (
            <Text className="muted" style={{ color: '#4a5058', fontSize: 12, lineHeight: '18px', margin: 0 }}>
              <Link className="link" href={content.unsubscribeUrl} style={{ color: '#2f33a3' }}>
                Stop these mails
              </Link>
            </Text>
          )}
        </Container>
      </Body>
    </Html>
  );
}
