import { useEffect, useRef, useState } from 'react';
import { Button, Card, CardDescription, CardTitle, LinkField, toast } from '@innerecho/ui';
import { Check, Copy } from 'lucide-react';

/** After Copy link, the button says Copied for 2 seconds. */
export const COPIED_STATE_MS = 2000;

export interface ReferralLinkCardProps {
  referralCode: string;
}

export function referralLink(code: string): string {
  return `${window.location.origin}/?ref=${encodeURIComponent(code)}`;
}

async function copyText(text: string, input: HTMLInputElement | null): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Insecure origins and some browsers refuse: fall back to selecting the field.
    }
  }
  if (!input) throw new Error('Nothing to copy from');
  input.select();
  if (!document.execCommand('copy')) throw new Error('Copy refused');
}

/** Copies a link shown in a read-only field (the field is the fallback): Copied for 2 seconds, and a toast saying what was copied. */
export function useCopyLink(link: string, copiedDescription: string) {
  const [copied, setCopied] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onCopy = async () => {
    try {
      await copyText(link, inputRef.current);
      setCopied(true);
      toast({ title: 'Copied!', description: copiedDescription });
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_STATE_MS);
    } catch {
      toast({ title: 'Could not copy', description: 'Select the link and copy it yourself.', variant: 'destructive' });
    }
  };
  return { copied, inputRef, onCopy };
}

export function ReferralLinkCard({ referralCode }: ReferralLinkCardProps) {
  const link = referralLink(referralCode);
  const { copied, inputRef, onCopy } = useCopyLink(link, 'Referral link copied to clipboard');

  return (
    <Card css={{ gap: 14, padding: 24 }}>
      <div css={{ display: 'grid', gap: 4 }}>
        <CardTitle as="h2">Your referral link</CardTitle>
        <CardDescription>
          Share it anywhere. Visitors who subscribe within 30 days of clicking it are yours: 25% of what they pay for their first six
          months, or of their first year.
        </CardDescription>
      </div>
      <div css={{ display: 'flex', gap: 10, flexWrap: 'wrap' }}>
        <LinkField
          id="referral-link"
          label="Referral link"
          ref={inputRef}
          value={link}
          css={{ flex: '1 1 240px', minWidth: 0, fontSize: 14 }}
        />
        <Button
          variant={copied ? 'secondary' : 'primary'}
          onClick={() => void onCopy()}
          aria-live="polite"
          css={{ flex: '0 0 auto', minWidth: 120 }}
        >
          {copied ? <Check size={18} aria-hidden /> : <Copy size={18} aria-hidden />}
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
    </Card>
  );
}
